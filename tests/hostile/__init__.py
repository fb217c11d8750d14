"""Hostile input: answers, saves, files and terminal input that must be refused cleanly."""
