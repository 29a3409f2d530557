import torch
from torch.utils.data import Dataset, DataLoader


class ImageDataset(Dataset):
    def __init__(self, small_images, large_images):
        self.lr_images = torch.tensor(small_images, dtype=torch.float32) / 255.0
        self.hr_images = torch.tensor(large_images, dtype=torch.float32) / 255.0

    def __len__(self):
        return len(self.lr_images)

    def __getitem__(self, i):
        low = self.lr_images[i].permute(2, 0, 1)  # HWC to CHW
        high = self.hr_images[i].permute(2, 0, 1)
        return low, high


def get_dataloader(small_images, large_images, batch_size=16, shuffle=True):
    ds = ImageDataset(small_images, large_images)
    return DataLoader(ds, batch_size=batch_size, shuffle=shuffle)


# how it is called
if __name__ == "__main__":
    # both inputs are numpy arrays shaped [N, H, W, C]
    from your_loader_script import small_images, large_images  # point at the real arrays

    loader = get_dataloader(small_images, large_images)

    for low_b, high_b in loader:
        print("low batch:", low_b.shape)   # [B, C, H, W]
        print("high batch:", high_b.shape)
        break
