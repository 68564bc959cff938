"""One module per ``python -m engine`` sub-command; each has ``main(argv) -> int``."""
