"""
Fast neural style transfer (Johnson et al.): a feed-forward image
transformation network is trained on a folder of photographs against a fixed
style image, with perceptual losses taken from a frozen VGG-16.
Training script plus the VGG, transformer-network and utility modules.
"""
import random
import time

import cv2
import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torchvision import datasets, models, transforms


# ----------------------------------------------------------------- utilities
def gram(t):
    """Channel correlation matrix normalised by C*H*W."""
    B, C, H, W = t.shape
    flat = t.view(B, C, H * W)
    return torch.bmm(flat, flat.transpose(1, 2)) / (C * H * W)


def load_image(path):
    # OpenCV returns BGR
    return cv2.imread(path)


def show(img):
    img = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)
    img = np.array(img / 255).clip(0, 1)
    plt.figure(figsize=(10, 5))
    plt.imshow(img)
    plt.show()


def saveimg(img, image_path):
    cv2.imwrite(image_path, img.clip(0, 255))


def itot(img, max_size=None):
    """numpy HxWxC image -> 1xCxHxW tensor in [0, 255]"""
    if max_size == None:
        to_t = transforms.Compose([
            transforms.ToPILImage(),
            transforms.ToTensor(),
            transforms.Lambda(lambda t: t.mul(255))
        ])
    else:
        H, W, C = img.shape
        new_hw = tuple([int((float(max_size) / max([H, W])) * d) for d in [H, W]])
        to_t = transforms.Compose([
            transforms.ToPILImage(),
            transforms.Resize(new_hw),
            transforms.ToTensor(),
            transforms.Lambda(lambda t: t.mul(255))
        ])
    return to_t(img).unsqueeze(dim=0)


def ttoi(t):
    """1xCxHxW tensor -> HxWxC numpy image"""
    arr = t.squeeze().cpu().numpy()
    return arr.transpose(1, 2, 0)


# ----------------------------------------------------------- loss networks
class VGG19(nn.Module):
    def __init__(self, vgg_path="models/vgg19-d01eb7cb.pth"):
        super(VGG19, self).__init__()
        base = models.vgg19(pretrained=False)
        base.load_state_dict(torch.load(vgg_path), strict=False)
        self.features = base.features
        for p in self.features.parameters():
            p.requires_grad = False

    def forward(self, x):
        taps = {'3': 'relu1_2', '8': 'relu2_2', '17': 'relu3_4', '22': 'relu4_2', '26': 'relu4_4', '35': 'relu5_4'}
        feats = {}
        for name, layer in self.features._modules.items():
            x = layer(x)
            if name in taps:
                feats[taps[name]] = x
        return feats


class VGG16(nn.Module):
    def __init__(self, vgg_path="models/vgg16-00b39a1b.pth"):
        super(VGG16, self).__init__()
        base = models.vgg16(pretrained=False)
        base.load_state_dict(torch.load(vgg_path), strict=False)
        self.features = base.features
        # frozen feature extractor
        for p in self.features.parameters():
            p.requires_grad = False

    def forward(self, x):
        taps = {'3': 'relu1_2', '8': 'relu2_2', '15': 'relu3_3', '22': 'relu4_3'}
        feats = {}
        for name, layer in self.features._modules.items():
            x = layer(x)
            if name in taps:
                feats[taps[name]] = x
                if (name == '22'):
                    break
        return feats


# ------------------------------------------------- image transformation net
class TransformerNetwork(nn.Module):
    def __init__(self):
        super(TransformerNetwork, self).__init__()
        self.ConvBlock = nn.Sequential(
            ConvLayer(3, 32, 9, 1), nn.ReLU(),
            ConvLayer(32, 64, 3, 2), nn.ReLU(),
            ConvLayer(64, 128, 3, 2), nn.ReLU()
        )
        self.ResidualBlock = nn.Sequential(
            ResidualLayer(128, 3),
            ResidualLayer(128, 3),
            ResidualLayer(128, 3),
            ResidualLayer(128, 3),
            ResidualLayer(128, 3)
        )
        self.DeconvBlock = nn.Sequential(
            DeconvLayer(128, 64, 3, 2, 1), nn.ReLU(),
            DeconvLayer(64, 32, 3, 2, 1), nn.ReLU(),
            ConvLayer(32, 3, 9, 1, norm="None"),
            nn.Tanh()
        )

    def forward(self, x):
        x = self.ConvBlock(x)
        x = self.ResidualBlock(x)
        y = self.DeconvBlock(x)
        return y * 150


class ConvLayer(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride, norm="instance"):
        super(ConvLayer, self).__init__()
        self.reflection_pad = nn.ReflectionPad2d(kernel_size // 2)
        self.conv_layer = nn.Conv2d(in_channels, out_channels, kernel_size, stride)
        self.norm_type = norm
        if (norm == "instance"):
            self.norm_layer = nn.InstanceNorm2d(out_channels, affine=True)
        elif (norm == "batch"):
            self.norm_layer = nn.BatchNorm2d(out_channels, affine=True)

    def forward(self, x):
        x = self.conv_layer(self.reflection_pad(x))
        return x if (self.norm_type == "None") else self.norm_layer(x)


class ResidualLayer(nn.Module):
    def __init__(self, channels=128, kernel_size=3):
        super(ResidualLayer, self).__init__()
        self.conv1 = ConvLayer(channels, channels, kernel_size, stride=1)
        self.relu = nn.ReLU()
        self.conv2 = ConvLayer(channels, channels, kernel_size, stride=1)

    def forward(self, x):
        skip = x
        y = self.relu(self.conv1(x))
        y = self.conv2(y)
        return y + skip


class DeconvLayer(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride, output_padding, norm="instance"):
        super(DeconvLayer, self).__init__()
        self.conv_transpose = nn.ConvTranspose2d(in_channels, out_channels, kernel_size, stride,
                                                 kernel_size // 2, output_padding)
        self.norm_type = norm
        if (norm == "instance"):
            self.norm_layer = nn.InstanceNorm2d(out_channels, affine=True)
        elif (norm == "batch"):
            self.norm_layer = nn.BatchNorm2d(out_channels, affine=True)

    def forward(self, x):
        x = self.conv_transpose(x)
        return x if (self.norm_type == "None") else self.norm_layer(x)


# ------------------------------------------------------------------ training
TRAIN_IMAGE_SIZE = 256
DATASET_PATH = "dataset"
NUM_EPOCHS = 1
STYLE_IMAGE_PATH = "images/mosaic.jpg"
BATCH_SIZE = 4
CONTENT_WEIGHT = 2e-6
STYLE_WEIGHT = 5e0
TV_WEIGHT = 1e-6
ADAM_LR = 0.001
SAVE_MODEL_PATH = "models/"
SAVE_IMAGE_PATH = "images/out/"
SAVE_MODEL_EVERY = 500  # every 2,000 photos at batch size 4
SEED = 35


def train():
    torch.manual_seed(SEED)
    torch.cuda.manual_seed(SEED)
    np.random.seed(SEED)
    random.seed(SEED)

    device = ("cuda" if torch.cuda.is_available() else "cpu")

    # photos are streamed from the image folder batch by batch
    prep = transforms.Compose([
        transforms.Resize(TRAIN_IMAGE_SIZE),
        transforms.CenterCrop(TRAIN_IMAGE_SIZE),
        transforms.ToTensor(),
        transforms.Lambda(lambda t: t.mul(255))
    ])
    photo_set = datasets.ImageFolder(DATASET_PATH, transform=prep)
    photo_loader = torch.utils.data.DataLoader(photo_set, batch_size=BATCH_SIZE, shuffle=True)

    stylizer = TransformerNetwork().to(device)
    VGG = VGG16().to(device)

    # style targets: Gram matrices of the style image, computed once
    neg_mean = torch.tensor([-103.939, -116.779, -123.68], dtype=torch.float32).reshape(1, 3, 1, 1).to(device)
    pos_mean = torch.tensor([103.939, 116.779, 123.68], dtype=torch.float32).reshape(1, 3, 1, 1).to(device)
    style_img = load_image(STYLE_IMAGE_PATH)
    style_t = itot(style_img).to(device)
    style_t = style_t.add(neg_mean)
    B, C, H, W = style_t.shape
    style_feats = VGG(style_t.expand([BATCH_SIZE, C, H, W]))
    style_gram = {}
    for key, val in style_feats.items():
        style_gram[key] = gram(val)

    optimizer = optim.Adam(stylizer.parameters(), lr=ADAM_LR)

    content_hist = []
    style_hist = []
    total_hist = []
    content_running = 0
    style_running = 0
    total_running = 0

    step = 1
    t_start = time.time()
    for epoch in range(1, NUM_EPOCHS + 1):
        print("========Epoch {}/{}========".format(epoch, NUM_EPOCHS + 1))
        for batch_id, (photos, _) in enumerate(photo_loader):
            optimizer.zero_grad()

            photos = photos.to(device)
            stylized = stylizer(photos)
            photo_feats = VGG(photos.add(neg_mean))
            stylized_feats = VGG(stylized.add(neg_mean))

            mse = nn.MSELoss().to(device)
            content_loss = CONTENT_WEIGHT * mse(photo_feats['relu2_2'], stylized_feats['relu2_2'])
            content_running += content_loss

            style_loss = 0
            for key, val in stylized_feats.items():
                style_loss += mse(gram(val), style_gram[key])
            style_loss *= STYLE_WEIGHT
            style_running += style_loss

            total_loss = content_loss + style_loss
            total_running += total_loss.item()

            total_loss.backward()
            optimizer.step()

            if (((step - 1) % SAVE_MODEL_EVERY == 0) or (step == NUM_EPOCHS * len(photo_loader))):
                print("========Iteration {}/{}========".format(step, NUM_EPOCHS * len(photo_loader)))
                print("\tContent Loss:\t{:.2f}".format(total_running / step))
                print("\tStyle Loss:\t{:.2f}".format(style_running / step))
                print("\tTotal Loss:\t{:.2f}".format(total_running / step))
                print("Time elapsed:\t{} seconds".format(time.time() - t_start))

                ckpt = SAVE_MODEL_PATH + "checkpoint_" + str(step - 1) + ".pth"
                torch.save(stylizer.state_dict(), ckpt)
                print("Saved TransformerNetwork checkpoint file at {}".format(ckpt))

                preview = stylized[0].clone().detach().unsqueeze(dim=0)
                preview_img = ttoi(preview.clone().detach())
                preview_img1 = ttoi(preview.clone().detach().add(neg_mean))
                preview_img2 = ttoi(preview.clone().detach().add(pos_mean))
                preview_path = SAVE_IMAGE_PATH + "sample0_" + str(step - 1) + ".png"
                saveimg(preview_img, preview_path)
                print("Saved sample tranformed image at {}".format(preview_path))

                content_hist.append(total_running / step)
                style_hist.append(style_running / step)
                total_hist.append(total_running / step)

            step += 1

    t_stop = time.time()
    print("Done Training the Transformer Network!")
    print("Training Time: {} seconds".format(t_stop - t_start))
    print("========Content Loss========")
    print(content_hist)
    print("========Style Loss========")
    print(style_hist)
    print("========Total Loss========")
    print(total_hist)

    stylizer.eval()
    stylizer.cpu()
    final_path = SAVE_MODEL_PATH + "transformer_weight.pth"
    print("Saving TransformerNetwork weights at {}".format(final_path))
    torch.save(stylizer.state_dict(), final_path)
    print("Done saving final model")


train()
