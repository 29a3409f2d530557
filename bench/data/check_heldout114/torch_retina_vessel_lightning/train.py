from pytorch_lightning.loggers import CometLogger
from helpers import *
from settings import *
from callbacks import *
from model import VesselUNet
from dataset import FundusDataModule
import pytorch_lightning as pl
import albumentations as A

fix_seeds()

tracker = CometLogger(
    api_key=os.getenv("COMET_API_KEY"),
    project_name="fundus-vessel-unet",
    workspace="example-workspace",
    experiment_name=str(RUN_ID),
)

aug = A.Compose(
    [
        A.Resize(512, 512),
        A.HorizontalFlip(p=0.5),
        A.VerticalFlip(p=0.5),
        A.Rotate(limit=30, p=0.5),
        A.Sharpen(alpha=(0.5, 0.9), lightness=(0.5, 1.0), p=0.3),
        A.Emboss(alpha=(0.1, 0.3), strength=(0.5, 1.0), p=0.3),
    ]
)


if __name__ == "__main__":
    net = VesselUNet(
        in_channels=IN_CH, out_channels=OUT_CH, learning_rate=LEARNING_RATE
    )

    data = FundusDataModule(
        DATA_ROOT,
        train_transform=aug,
        test_transform=None,
        batch_size=BATCH,
    )
    runner = pl.Trainer(
        strategy="ddp",
        max_epochs=N_EPOCHS,
        accelerator=DEVICE_KIND,
        devices=N_GPUS,
        enable_progress_bar=False,
        logger=tracker,
        callbacks=[best_ckpt, stopper],
    )
    runner.fit(net, data)
