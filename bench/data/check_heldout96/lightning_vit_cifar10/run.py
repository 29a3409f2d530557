from transformers import ViTFeatureExtractor, ViTForImageClassification, BatchFeature
from torch.utils.data import Dataset, DataLoader
from torchvision.transforms import ToTensor, Normalize, Resize, Compose

import torch
from torchvision.datasets import CIFAR10
import pytorch_lightning as pl

from vit_module import VitFinetuner


class PinnableBatch:
    def __init__(self, items):
        columns = list(zip(*items))
        self.pixels = torch.stack(columns[0], 0)
        self.targets = torch.tensor(columns[1])

    # pinning hook used by the DataLoader for custom batch types
    def pin_memory(self):
        self.pixels = self.pixels.pin_memory()
        self.targets = self.targets.pin_memory()
        return {'pixel_values': self.pixels, 'labels': self.targets}


def batch_fn(items):
    return PinnableBatch(items)


class ExtractorAsTransform:
    def __init__(self, checkpoint):
        extractor = ViTFeatureExtractor.from_pretrained(checkpoint)
        steps = []

        if extractor.do_resize:
            steps.append(Resize(extractor.size))

        steps.append(ToTensor())

        if extractor.do_normalize:
            steps.append(Normalize(extractor.image_mean, extractor.image_std))

        self.pipeline = Compose(steps)

    def __call__(self, img):
        return self.pipeline(img)


if __name__ == '__main__':

    checkpoint = 'google/vit-base-patch16-224-in21k'
    n_classes = 10
    bs = 24
    workers = 2
    epochs = 4

    dl_train = DataLoader( 
        CIFAR10('./', download=True, transform=ExtractorAsTransform(checkpoint)),
        batch_size=bs,
        num_workers=workers,
        pin_memory=True,
        collate_fn=batch_fn
    )
    dl_val = DataLoader( 
        CIFAR10('./', download=True, train=False, transform=ExtractorAsTransform(checkpoint)),
        batch_size=bs,
        num_workers=workers,
        pin_memory=True,
        collate_fn=batch_fn
    )
    net = VitFinetuner(checkpoint)
    # quick fix: the schedule length is set from outside
    net.total_steps = (
        (len(dl_train.dataset) // (bs))
        // 1
        * float(epochs)
    )
    pixels, targets = next(iter(dl_train))
    trainer = pl.Trainer(gpus=1, max_epochs=4, precision=16, limit_train_batches=5)
    trainer.fit(net, dl_train, dl_val)
