"""
Feed-forward style transfer after Johnson et al.: a convolutional network
learns to repaint photographs in the look of one style picture, scored by
content and Gram-matrix style losses on a fixed, pretrained VGG-16.
The run script with its VGG, style-network and helper code inlined.
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


# -------------------------------------------------------------------- helpers
def gram_matrix(ten):
    """Feature-channel covariance, divided by the number of elements per map."""
    nb, nc, nh, nw = ten.shape
    flat_feats = ten.view(nb, nc, nh * nw)
    return torch.bmm(flat_feats, flat_feats.transpose(1, 2)) / (nc * nh * nw)


def read_image(img_path):
    # cv2 gives the channels in BGR order
    return cv2.imread(img_path)


def display_image(img_arr):
    img_arr = cv2.cvtColor(img_arr, cv2.COLOR_BGR2RGB)
    img_arr = np.array(img_arr / 255).clip(0, 1)
    plt.figure(figsize=(10, 5))
    plt.imshow(img_arr)
    plt.show()


def write_image(img_arr, out_image_path):
    cv2.imwrite(out_image_path, img_arr.clip(0, 255))


def image_to_tensor(img_arr, longest_side=None):
    """H x W x C array -> 1 x C x H x W tensor scaled to 0..255"""
    if longest_side == None:
        pipeline = transforms.Compose([
            transforms.ToPILImage(),
            transforms.ToTensor(),
            transforms.Lambda(lambda ten: ten.mul(255))
        ])
    else:
        nh, nw, nc = img_arr.shape
        resized_hw = tuple([int((float(longest_side) / max([nh, nw])) * dim_len) for dim_len in [nh, nw]])
        pipeline = transforms.Compose([
            transforms.ToPILImage(),
            transforms.Resize(resized_hw),
            transforms.ToTensor(),
            transforms.Lambda(lambda ten: ten.mul(255))
        ])
    return pipeline(img_arr).unsqueeze(dim=0)


def tensor_to_image(ten):
    """1 x C x H x W tensor -> H x W x C array"""
    hwc = ten.squeeze().cpu().numpy()
    return hwc.transpose(1, 2, 0)


# ------------------------------------------------------ perceptual feature nets
class Vgg19Taps(nn.Module):
    def __init__(self, weights_path="models/vgg19-d01eb7cb.pth"):
        super(Vgg19Taps, self).__init__()
        backbone = models.vgg19(pretrained=False)
        backbone.load_state_dict(torch.load(weights_path), strict=False)
        self.tap_layers = backbone.features
        for prm in self.tap_layers.parameters():
            prm.requires_grad = False

    def forward(self, x):
        tap_names = {'3': 'relu1_2', '8': 'relu2_2', '17': 'relu3_4', '22': 'relu4_2', '26': 'relu4_4', '35': 'relu5_4'}
        tapped_features = {}
        for idx_str, mod in self.tap_layers._modules.items():
            x = mod(x)
            if idx_str in tap_names:
                tapped_features[tap_names[idx_str]] = x
        return tapped_features


class Vgg16Taps(nn.Module):
    def __init__(self, weights_path="models/vgg16-00b39a1b.pth"):
        super(Vgg16Taps, self).__init__()
        backbone = models.vgg16(pretrained=False)
        backbone.load_state_dict(torch.load(weights_path), strict=False)
        self.tap_layers = backbone.features
        # VGG weights stay fixed
        for prm in self.tap_layers.parameters():
            prm.requires_grad = False

    def forward(self, x):
        tap_names = {'3': 'relu1_2', '8': 'relu2_2', '15': 'relu3_3', '22': 'relu4_3'}
        tapped_features = {}
        for idx_str, mod in self.tap_layers._modules.items():
            x = mod(x)
            if idx_str in tap_names:
                tapped_features[tap_names[idx_str]] = x
                if (idx_str == '22'):
                    break
        return tapped_features


# -------------------------------------------------------------- style network
class StyleNet(nn.Module):
    def __init__(self):
        super(StyleNet, self).__init__()
        self.encoder_stack = nn.Sequential(
            PaddedConv(3, 32, 9, 1), nn.ReLU(),
            PaddedConv(32, 64, 3, 2), nn.ReLU(),
            PaddedConv(64, 128, 3, 2), nn.ReLU()
        )
        self.res_stack = nn.Sequential(
            ResBlock(128, 3),
            ResBlock(128, 3),
            ResBlock(128, 3),
            ResBlock(128, 3),
            ResBlock(128, 3)
        )
        self.decoder_stack = nn.Sequential(
            UpConv(128, 64, 3, 2, 1), nn.ReLU(),
            UpConv(64, 32, 3, 2, 1), nn.ReLU(),
            PaddedConv(32, 3, 9, 1, norm_kind="None"),
            nn.Tanh()
        )

    def forward(self, x):
        x = self.encoder_stack(x)
        x = self.res_stack(x)
        y = self.decoder_stack(x)
        return y * 150


class PaddedConv(nn.Module):
    def __init__(self, c_in, c_out, ksize, step_len, norm_kind="instance"):
        super(PaddedConv, self).__init__()
        self.pad = nn.ReflectionPad2d(ksize // 2)
        self.conv = nn.Conv2d(c_in, c_out, ksize, step_len)
        self.norm_kind = norm_kind
        if (norm_kind == "instance"):
            self.norm = nn.InstanceNorm2d(c_out, affine=True)
        elif (norm_kind == "batch"):
            self.norm = nn.BatchNorm2d(c_out, affine=True)

    def forward(self, x):
        x = self.conv(self.pad(x))
        return x if (self.norm_kind == "None") else self.norm(x)


class ResBlock(nn.Module):
    def __init__(self, width=128, ksize=3):
        super(ResBlock, self).__init__()
        self.conv_a = PaddedConv(width, width, ksize, step_len=1)
        self.act = nn.ReLU()
        self.conv_b = PaddedConv(width, width, ksize, step_len=1)

    def forward(self, x):
        identity = x
        y = self.act(self.conv_a(x))
        y = self.conv_b(y)
        return y + identity


class UpConv(nn.Module):
    def __init__(self, c_in, c_out, ksize, step_len, out_pad, norm_kind="instance"):
        super(UpConv, self).__init__()
        self.upconv = nn.ConvTranspose2d(c_in, c_out, ksize, step_len,
                                                 ksize // 2, out_pad)
        self.norm_kind = norm_kind
        if (norm_kind == "instance"):
            self.norm = nn.InstanceNorm2d(c_out, affine=True)
        elif (norm_kind == "batch"):
            self.norm = nn.BatchNorm2d(c_out, affine=True)

    def forward(self, x):
        x = self.upconv(x)
        return x if (self.norm_kind == "None") else self.norm(x)


# ------------------------------------------------------------------ settings
TRAIN_IMAGE_SIDE = 256
DATASET_DIR = "dataset"
EPOCH_COUNT = 1
STYLE_IMAGE_FILE = "images/mosaic.jpg"
BATCH_N = 4
W_CONTENT = 2e-6
W_STYLE = 5e0
W_TV = 1e-6
LEARNING_RATE = 0.001
MODEL_OUT_DIR = "models/"
IMAGE_OUT_DIR = "images/out/"
CKPT_INTERVAL = 500  # i.e. after each 2,000 photos when 4 go in a batch
RNG_SEED = 35


def run_training():
    torch.manual_seed(RNG_SEED)
    torch.cuda.manual_seed(RNG_SEED)
    np.random.seed(RNG_SEED)
    random.seed(RNG_SEED)

    dev = ("cuda" if torch.cuda.is_available() else "cpu")

    # photographs are read from disk one batch at a time
    photo_tf = transforms.Compose([
        transforms.Resize(TRAIN_IMAGE_SIDE),
        transforms.CenterCrop(TRAIN_IMAGE_SIDE),
        transforms.ToTensor(),
        transforms.Lambda(lambda ten: ten.mul(255))
    ])
    photo_dataset = datasets.ImageFolder(DATASET_DIR, transform=photo_tf)
    loader_photos = torch.utils.data.DataLoader(photo_dataset, batch_size=BATCH_N, shuffle=True)

    style_model = StyleNet().to(dev)
    vgg_net = Vgg16Taps().to(dev)

    # Gram matrices of the style picture, computed a single time
    bgr_shift_neg = torch.tensor([-103.939, -116.779, -123.68], dtype=torch.float32).reshape(1, 3, 1, 1).to(dev)
    bgr_shift_pos = torch.tensor([103.939, 116.779, 123.68], dtype=torch.float32).reshape(1, 3, 1, 1).to(dev)
    style_image = read_image(STYLE_IMAGE_FILE)
    style_tensor = image_to_tensor(style_image).to(dev)
    style_tensor = style_tensor.add(bgr_shift_neg)
    nb, nc, nh, nw = style_tensor.shape
    style_features = vgg_net(style_tensor.expand([BATCH_N, nc, nh, nw]))
    style_grams = {}
    for tap, fmap in style_features.items():
        style_grams[tap] = gram_matrix(fmap)

    optimizer = optim.Adam(style_model.parameters(), lr=LEARNING_RATE)

    content_log = []
    style_log = []
    total_log = []
    content_loss_sum = 0
    style_loss_sum = 0
    total_loss_sum = 0

    it_no = 1
    tic = time.time()
    for epoch_no in range(1, EPOCH_COUNT + 1):
        print("---- pass {} of {} ----".format(epoch_no, EPOCH_COUNT + 1))
        for batch_no, (photo_batch, _) in enumerate(loader_photos):
            optimizer.zero_grad()

            photo_batch = photo_batch.to(dev)
            styled = style_model(photo_batch)
            photo_features = vgg_net(photo_batch.add(bgr_shift_neg))
            styled_features = vgg_net(styled.add(bgr_shift_neg))

            mse_fn = nn.MSELoss().to(dev)
            loss_content = W_CONTENT * mse_fn(photo_features['relu2_2'], styled_features['relu2_2'])
            content_loss_sum += loss_content

            loss_style = 0
            for tap, fmap in styled_features.items():
                loss_style += mse_fn(gram_matrix(fmap), style_grams[tap])
            loss_style *= W_STYLE
            style_loss_sum += loss_style

            loss_total = loss_content + loss_style
            total_loss_sum += loss_total.item()

            loss_total.backward()
            optimizer.step()

            if (((it_no - 1) % CKPT_INTERVAL == 0) or (it_no == EPOCH_COUNT * len(loader_photos))):
                print("---- step {} of {} ----".format(it_no, EPOCH_COUNT * len(loader_photos)))
                print("  content term (avg):  {:.2f}".format(total_loss_sum / it_no))
                print("  style term (avg):    {:.2f}".format(style_loss_sum / it_no))
                print("  combined (avg):      {:.2f}".format(total_loss_sum / it_no))
                print("seconds so far: {}".format(time.time() - tic))

                ckpt_file = MODEL_OUT_DIR + "checkpoint_" + str(it_no - 1) + ".pth"
                torch.save(style_model.state_dict(), ckpt_file)
                print("style network weights written to {}".format(ckpt_file))

                first_out = styled[0].clone().detach().unsqueeze(dim=0)
                out_img = tensor_to_image(first_out.clone().detach())
                out_img_a = tensor_to_image(first_out.clone().detach().add(bgr_shift_neg))
                out_img_b = tensor_to_image(first_out.clone().detach().add(bgr_shift_pos))
                out_img_path = IMAGE_OUT_DIR + "sample0_" + str(it_no - 1) + ".png"
                write_image(out_img, out_img_path)
                print("preview picture written to {}".format(out_img_path))

                content_log.append(total_loss_sum / it_no)
                style_log.append(style_loss_sum / it_no)
                total_log.append(total_loss_sum / it_no)

            it_no += 1

    toc = time.time()
    print("fitting finished")
    print("seconds in total: {}".format(toc - tic))
    print("---- content term history ----")
    print(content_log)
    print("---- style term history ----")
    print(style_log)
    print("---- combined history ----")
    print(total_log)

    style_model.eval()
    style_model.cpu()
    weights_file = MODEL_OUT_DIR + "transformer_weight.pth"
    print("writing final style network weights to {}".format(weights_file))
    torch.save(style_model.state_dict(), weights_file)
    print("final weights written")


run_training()
