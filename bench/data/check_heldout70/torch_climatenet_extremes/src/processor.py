from pytorch_lightning import Trainer
from pytorch_lightning.callbacks import ModelCheckpoint, EarlyStopping
from pytorch_lightning.loggers import WandbLogger
from sklearn.model_selection import KFold
from torch.utils.data import random_split
import wandb

from src.data_module import ExtremeEventsData
from src.models import get_model


class Runner:
    @staticmethod
    def fit(paths, settings, opts, max_epochs=100, precision=16):
        wandb.init(project="ExtremeEvents")

        fit_paths, check_paths = random_split(paths, [0.8, 0.2])

        data = ExtremeEventsData(
            fit_paths,
            check_paths,
            settings.features,
            opts.batch_size,
            num_workers=opts.num_workers,
            shuffle=opts.shuffle,
        )

        net = get_model(opts.model)

        tracker = WandbLogger(project="ExtremeEvents", log_model="all")

        hooks = [
            ModelCheckpoint(monitor="val/mean_iou", mode="max"),
        ]

        trainer = Trainer(
            accelerator="gpu",
            callbacks=hooks,
            devices=-1,
            enable_progress_bar=False,
            logger=tracker,
            log_every_n_steps=1,
            max_epochs=max_epochs,
            precision=precision,
        )

        trainer.fit(net, data)

    @staticmethod
    def cv(paths, settings, opts, max_epochs=100, precision=16):
        folds = KFold(n_splits=5, shuffle=True)
        parts = list(folds.split(paths))

        for k in range(5):
            wandb.init(project="ExtremeEvents")
            fit_paths = [paths[i] for i in parts[k][0]]
            check_paths = [paths[i] for i in parts[k][1]]
            net = get_model(opts.model)
            data = ExtremeEventsData(
                fit_paths,
                check_paths,
                settings.features,
                opts.batch_size,
                num_workers=opts.num_workers,
                shuffle=opts.shuffle,
            )
            tracker = WandbLogger(project="ExtremeEvents", log_model=False)
            trainer = Trainer(
                accelerator="gpu",
                devices=-1,
                enable_progress_bar=False,
                logger=tracker,
                log_every_n_steps=1,
                max_epochs=max_epochs,
                precision=precision,
            )
            trainer.fit(net, data)
            wandb.finish()
