"""The seed's model, for `explain --model`: the demo's own builder."""
from oomdoctor.cli.demo import build_seed_model as seed  # noqa: F401
