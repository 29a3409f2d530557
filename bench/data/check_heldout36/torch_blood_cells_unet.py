from PIL import Image
import torch
import torch.utils.data as data
import torchvision.transforms.v2 as tfs_v2
from segmentation_models_pytorch import utils
import torch.nn as nn
import torch.optim as optim


device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
TRAIN_IMAGE_PREFIX = '//NAS/Download/BloodCells/sartorius-cell-instance-segmentation/dataset/train/images/img_'
TRAIN_MASK_PREFIX = "//NAS/Download/BloodCells/sartorius-cell-instance-segmentation/dataset/train/masks/mask_"
TEST_IMAGE_PREFIX = "//NAS/Download/BloodCells/sartorius-cell-instance-segmentation/dataset/test/images/img_"
TEST_MASK_PREFIX = "//NAS/Download/BloodCells/sartorius-cell-instance-segmentation/dataset/test/masks/mask_"

class CellUNet(nn.Module):
    class ResidualConv(nn.Module):
        def __init__(self, c_in, c_out):
            super().__init__()
            self.conv_in = nn.Sequential(
                nn.Conv2d(c_in, c_out, 3, padding=1, bias=False),
                nn.ReLU(inplace=True),
            )
            self.res_path = nn.Sequential(
                nn.Conv2d(c_out, c_out, 3, padding=1, bias=False),
                nn.BatchNorm2d(c_out),
                nn.ReLU(inplace=True),
                nn.Conv2d(c_out, c_out, 3, padding=1, bias=False),
                nn.BatchNorm2d(c_out)
            )

        def forward(self, x):
            y = self.conv_in(x)
            res = self.res_path(y)
            return torch.nn.functional.relu(y + res)


    class DoubleConv(nn.Module):
        def __init__(self, c_in, c_out):
            super().__init__()
            self.layers = nn.Sequential(
                nn.Conv2d(c_in, c_out, 3, padding=1, bias=False),
                nn.BatchNorm2d(c_out),
                nn.ReLU(inplace=True),
                nn.Conv2d(c_out, c_out, 3, padding=1, bias=False),
                nn.BatchNorm2d(c_out),
                nn.ReLU(inplace=True),
            )

        def forward(self, x):
            return self.layers(x)

    class DownStep(nn.Module):
        def __init__(self, c_in, c_out):
            super().__init__()
            self.pool = nn.MaxPool2d(2)
            self.res_conv = CellUNet.ResidualConv(c_in, c_out)

        def forward(self, x):
            skip_feat = self.res_conv(x)
            y = self.pool(skip_feat)
            return y, skip_feat


    class UpStep(nn.Module):
        def __init__(self, n_in, n_out):
            super().__init__()
            self.up_conv = nn.ConvTranspose2d(n_in, n_out, 2, stride=2)
            self.fuse = CellUNet.ResidualConv(n_in, n_out)

        def forward(self, x, y):
            x = self.up_conv(x)
            u = torch.cat([x, y], dim=1)
            u = self.fuse(u)
            return u

    def __init__(self, n_in=3, n_classes=1):
        super().__init__()
        self.down1 = self.DownStep(n_in, 64)
        self.down2 = self.DownStep(64, 128)
        self.down3 = self.DownStep(128, 256)
        self.down4 = self.DownStep(256, 512)

        self.bridge = self.DoubleConv(512, 1024)

        self.up1 = self.UpStep(1024, 512)
        self.up2 = self.UpStep(512, 256)
        self.up3 = self.UpStep(256, 128)
        self.up4 = self.UpStep(128, 64)

        self.head = nn.Conv2d(64, n_classes, 1)

    def forward(self, x):
        x, y1 = self.down1(x)
        x, y2 = self.down2(x)
        x, y3 = self.down3(x)
        x, y4 = self.down4(x)

        x = self.bridge(x)

        x = self.up1(x, y4)
        x = self.up2(x, y3)
        x = self.up3(x, y2)
        x = self.up4(x, y1)

        return self.head(x)


'''class DiceLoss(nn.Module):
    def __init__(self, eps_smooth=1):
        super().__init__()
        self.eps_smooth = eps_smooth

    def forward(self, logit_t, target_t):
        n_rows = target_t.size(0)
        prob = nn.functional.sigmoid(logit_t)
        flat_p = prob.view(n_rows, -1)
        flat_t = target_t.view(n_rows, -1)
        overlap = (flat_p * flat_t)

        dice = 2 * (overlap.sum(1) + self.eps_smooth) / (flat_p.sum(1) + flat_t.sum(1) + self.eps_smooth)
        dice = 1 - dice.sum() / n_rows
        return dice
'''
class CellSegDataset(data.Dataset):
    def __init__(self, img_prefix, mask_prefix, n_images, img_tf=None, mask_tf=None):
        self.image_prefix = img_prefix
        self.mask_prefix = mask_prefix
        self.img_tf = img_tf
        self.mask_tf = mask_tf
        self.image_files = []
        self.mask_files = []
        self.n_items = n_images - 1

        for i in range(1, n_images):
            self.image_files.append(img_prefix + str(i) + ".jpg")
            self.mask_files.append(mask_prefix + str(i) + ".jpg")

    def __getitem__(self, idx):
        img_file, mask_file = self.image_files[idx], self.mask_files[idx]
        image = Image.open(img_file).convert('RGB')
        mask_t = Image.open(mask_file).convert('L')

        if self.img_tf:
            image = self.img_tf(image)

        if self.mask_tf:
            mask_t = self.mask_tf(mask_t)
            mask_t[mask_t < 250] = 1
            mask_t[mask_t >= 250] = 0

        return image, mask_t

    def __len__(self):
        return self.n_items


def fit_cell_unet(train_batches, test_batches):
    dice_loss = utils.losses.DiceLoss()

    metric_fns = [
        utils.metrics.Fscore(),
        utils.metrics.IoU()
    ]
    unet_model = CellUNet().to(device)
    rmsprop = optim.RMSprop(params=unet_model.parameters(), lr=0.001)

    train_runner = utils.train.TrainEpoch(
        unet_model,
        loss=dice_loss,
        metrics=metric_fns,
        optimizer=rmsprop,
        device=device,
        verbose=True
    )

    test_runner = utils.train.ValidEpoch(
        unet_model,
        loss=dice_loss,
        metrics=metric_fns,
        device=device,
        verbose=True
    )

    n_epochs = 10
    best_iou = 0
    loss_history = {"train": [], "test": []}
    iou_history = {"train": [], "test": []}
    for i in range(n_epochs):
        print('\n--- epoch {} ---'.format(i + 1))
        train_stats = train_runner.run((train_batches))
        train_loss_v, train_f1, train_iou = list(train_stats.values())
        loss_history["train"].append(train_loss_v)
        iou_history["train"].append(train_iou)

        test_stats = test_runner.run((test_batches))
        test_loss_v, test_f1, test_iou = list(test_stats.values())
        loss_history["test"].append(test_loss_v)
        iou_history["test"].append(test_iou)

        if best_iou < test_stats['iou_score']:
            best_iou = test_stats['iou_score']
            torch.save(unet_model, 'best_Blood_Cells_model_unet.pth')


img_pipeline = tfs_v2.Compose([tfs_v2.ToImage(), tfs_v2.ToDtype(torch.float32, scale=True)])
mask_pipeline = tfs_v2.Compose([tfs_v2.ToImage(), tfs_v2.ToDtype(torch.float32)])

train_set = CellSegDataset(TRAIN_IMAGE_PREFIX, TRAIN_MASK_PREFIX, 60802, img_tf=img_pipeline, mask_tf=mask_pipeline)
test_set = CellSegDataset(TEST_IMAGE_PREFIX, TEST_MASK_PREFIX, 1413, img_tf=img_pipeline, mask_tf=mask_pipeline)
train_loader = data.DataLoader(train_set, batch_size=4, shuffle=True)
test_loader = data.DataLoader(test_set, batch_size=1, shuffle=True)


fit_cell_unet(train_loader, test_loader)
