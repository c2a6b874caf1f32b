# Shortcuts for run.py (which needs nothing but Python): make play / make test / make bench
PYTHON ?= python3
.PHONY: play test bench
play:
	$(PYTHON) run.py play $(ARGS)
test:
	$(PYTHON) run.py test $(ARGS)
bench:
	$(PYTHON) run.py bench $(ARGS)
