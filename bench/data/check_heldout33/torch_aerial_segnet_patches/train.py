import torch
from torch.utils.data import DataLoader
from sklearn.model_selection import train_test_split
from data.preprocessing import read_tiles_as_patches
from data.augmentation import get_train_augs, get_valid_augs
from data.dataset import TileSegDataset
from models.segnet import ImageSegmentation
from models.loss import PartialFocalCrossEntropyLoss
from utils.metrics import calculate_accuracy
from config import RunConfig

image_patches, mask_patches = read_tiles_as_patches(RunConfig.DATA_ROOT_DIR, RunConfig.TILE_PATCH)

train_X, test_X, train_y, test_y = train_test_split(image_patches, mask_patches, test_size=0.20, random_state=42)

train_tiles_ds = TileSegDataset(train_X, train_y, get_train_augs())
test_tiles_ds = TileSegDataset(test_X, test_y, get_valid_augs())

train_batch_loader = DataLoader(train_tiles_ds, batch_size=RunConfig.BATCH_N, shuffle=True)
test_batch_loader = DataLoader(test_tiles_ds, batch_size=RunConfig.BATCH_N)

model = ImageSegmentation(kernel_size=3).to(RunConfig.RUN_DEVICE)
focal_loss = PartialFocalCrossEntropyLoss(ignore_index=-1, alpha=1.0, gamma=2.0)
adam_optimizer = torch.optim.Adam(model.parameters(), lr=RunConfig.LR_START)

for epoch_idx in range(RunConfig.EPOCHS_N):
    model.train()
    epoch_loss_sum = 0.0
    for image_batch, mask_batch in train_batch_loader:
        image_batch = image_batch.float().to(RunConfig.RUN_DEVICE)
        mask_batch = mask_batch.long().to(RunConfig.RUN_DEVICE)
        adam_optimizer.zero_grad()
        logits = model(image_batch)
        loss = focal_loss(logits, mask_batch)
        loss.backward()
        adam_optimizer.step()
        epoch_loss_sum += loss.item()
    print(f"epoch {epoch_idx+1} of {RunConfig.EPOCHS_N}: mean loss {epoch_loss_sum / len(train_batch_loader)}")

torch.save(model.state_dict(), RunConfig.MODEL_OUT_PATH)