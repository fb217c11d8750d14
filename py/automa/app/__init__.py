"""What the front ends share above the engine: the presenter (session → typed view records,
HTML built with escaping by default) and the save store (saves and settings over any
key-value storage). Nothing here imports ``js`` or ``pyscript``: CPython tests cover it all."""
