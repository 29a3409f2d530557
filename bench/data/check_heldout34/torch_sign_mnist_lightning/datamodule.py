import torch.utils.data as data
from lightning import LightningDataModule
from dataset import SignCsvDataset
import pandas as pd


class SignLettersDataModule(LightningDataModule):
    def __init__(self, conf, augs):
        super().__init__()

        self.conf = conf
        self.train_aug = augs

    def _load_data_frames(self):
        # both csv tables are read into pandas
        self.train_frame = pd.read_csv(str(self.conf.data_dir_path / 'sign_mnist_train.csv'))
        self.test_frame = pd.read_csv(str(self.conf.data_dir_path / 'sign_mnist_test.csv'))

    def setup(self, stage: str):
        # wrap the two tables as datasets
        self._load_data_frames()
        self.dataset_train = SignCsvDataset(self.train_frame, aug=self.train_aug)
        self.dataset_valid = SignCsvDataset(self.test_frame)

    def _make_loader(self, ds: data.Dataset, split_name: str):
        # one loader builder for both splits
        return data.DataLoader(
            ds,
            batch_size=self.conf.batch_size[split_name],
            num_workers=2,
            shuffle=True if split_name=='train' else False
        )

    def train_dataloader(self):
        self.loader_train = self._make_loader(self.dataset_train, 'train')
        return self.loader_train

    def val_dataloader(self):
        self.loader_valid = self._make_loader(self.dataset_valid, 'valid')
        return self.loader_valid