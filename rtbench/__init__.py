"""rtbench: one RTOS benchmark catalogue, many kernels and platforms, exact numbers."""
__version__ = "0.1.0"
