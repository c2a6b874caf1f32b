"""Settings for the whole suite: property tests draw the same examples on every run (a CI run is repeatable:
a red run is a real defect, never a newly drawn example or a slow machine), and write no example database."""
from hypothesis import HealthCheck, settings

settings.register_profile("repeatable", derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("repeatable")
