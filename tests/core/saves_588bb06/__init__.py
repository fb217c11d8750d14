"""Saves written by the engine of commit 588bb06, and the script that wrote them."""
