import lightning as l
import torch
from lightning.pytorch.callbacks import ModelCheckpoint
from lightning.pytorch.callbacks.early_stopping import EarlyStopping
from torchvision import transforms
from model import TwinConvNet,TwinLitModule,SignaturePairsDM

torch.manual_seed(123)

if __name__=="__main__":
    prep = transforms.Compose([
    transforms.Resize((256, 256)),
    transforms.ToTensor(),
    transforms.Lambda(lambda t: t / 255.0)])

    dm = SignaturePairsDM(batch_size=64,transform=prep)

    core = TwinConvNet()

    lit = TwinLitModule(model=core, learning_rate=0.00005)


    best_ckpt = ModelCheckpoint(
        dirpath="./models",filename="best_model",
        save_top_k=1,monitor="val_loss", mode="min"
    )
    stopper = EarlyStopping(
        monitor="val_acc", patience=3, verbose=True, mode="max"
    )

    trainer = l.Trainer(callbacks=[best_ckpt,stopper],
        max_epochs=6,
        accelerator="gpu",
        devices="auto",
    )

    trainer.fit(model=lit, datamodule=dm,ckpt_path="models/best_model.ckpt")
