import torch.utils.data as data
import torch


class SignCsvDataset(data.Dataset):
    def __init__(self, frame, aug=None):
        self.frame = frame
        self.aug = aug

    def __len__(self):
        return self.frame.shape[0]

    def __getitem__(self, index):
        target_label = self.frame.iloc[index, 0]

        image = self.frame.iloc[index, 1:].values.reshape(28, 28)
        image = torch.Tensor(image).unsqueeze(0)
        if self.aug is not None:
            image = self.aug(image)

        return image, target_label