import os

import wandb

from src.data_module import ExtremeEventsData
from src.models import get_model
from src.processor import Runner
from src.utils import Settings, Files, Cli


def main():
    settings = Settings.init_config()
    opts = Cli.parse_args()

    paths = Files.list_files(settings.data_dir)
    if opts.small_dataset:
        paths = paths[:10]

    if opts.stage == "fit":
        Runner.fit(paths, settings, opts, max_epochs=50)
    elif opts.stage == "cv":
        Runner.cv(paths, settings, opts, max_epochs=50)


if __name__ == "__main__":
    os.chdir(os.path.dirname(os.path.abspath(__file__)))
    main()
