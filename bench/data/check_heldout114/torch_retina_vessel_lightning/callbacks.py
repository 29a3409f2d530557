from settings import *
from pytorch_lightning.callbacks import ModelCheckpoint, EarlyStopping

class VerboseCheckpoint(ModelCheckpoint):
    def on_save_checkpoint(self, trainer, pl_module, checkpoint):
        super().on_save_checkpoint(trainer, pl_module, checkpoint)
        iou = trainer.callback_metrics.get("val_iou", "missing")
        vloss = trainer.callback_metrics.get("val_loss", "missing")
        print("epoch:", trainer.current_epoch)
        print(f"saved checkpoint, val_iou = {iou}")
        print(f"saved checkpoint, val_loss = {vloss}")
        print("-" * 50)
        
    def on_train_end(self, trainer, pl_module):
        super().on_train_end(trainer, pl_module)
        if trainer.interrupted:
            print("=" * 50)
            print("stopped early by a callback")
            print("=" * 50)
        else:
            print("=" * 50)
            print("training finished")
            print("=" * 50)


best_ckpt = VerboseCheckpoint(
    monitor="val_iou",
    dirpath="checkpoints/",
    filename=f"vessel_unet_{RUN_ID}",
    save_top_k=1,
    mode="max",
)

stopper = EarlyStopping(
    monitor="val_iou",
    min_delta=0.00,
    patience=50,
    mode="max",
)
