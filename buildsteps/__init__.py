"""The build of the offline web app, one module per phase (see :mod:`buildsteps.pipeline`);
``build.py`` at the repository root is its command line."""
