# source: https://github.com/Lightning-AI/pytorch-lightning/blob/154dcb2668ac3e93d9be561f8ea7285500c6c847/examples/pytorch/basics/transformer.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, random_split

import lightning as L
from lightning.pytorch.demos import Transformer, WikiText2


class NextTokenModel(L.LightningModule):
    def __init__(self, vocab_size):
        super().__init__()
        self.net = Transformer(vocab_size=vocab_size)

    def training_step(self, batch, batch_idx):
        tokens, target = batch
        output = self.net(tokens)
        loss = F.nll_loss(output, target.view(-1))
        self.log("train_loss", loss, prog_bar=True)
        return loss

    def validation_step(self, batch, batch_idx):
        tokens, target = batch
        output = self.net(tokens)
        loss = F.nll_loss(output, target.view(-1))
        self.log("val_loss", loss, prog_bar=True)
        return loss

    def test_step(self, batch, batch_idx):
        tokens, target = batch
        output = self.net(tokens)
        loss = F.nll_loss(output, target.view(-1))
        self.log("test_loss", loss, prog_bar=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=20.0)


def main():
    L.seed_everything(42)
    corpus = WikiText2()
    n = len(corpus)
    train_part, val_part, test_part = random_split(corpus, [n - 4000, 2000, 2000])
    train_loader = DataLoader(train_part, batch_size=20, shuffle=True)
    val_loader = DataLoader(val_part, batch_size=20, shuffle=False)
    test_loader = DataLoader(test_part, batch_size=20, shuffle=False)

    lm = NextTokenModel(vocab_size=corpus.vocab_size)
    trainer = L.Trainer(gradient_clip_val=0.25, max_epochs=20)
    trainer.fit(lm, train_loader, val_loader)
    trainer.test(lm, test_loader)


if __name__ == "__main__":
    main()
