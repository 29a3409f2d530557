import os
import glob
import copy
import cv2
import time
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from PIL import Image
from tqdm import tqdm
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score
import torch
import torch.nn as nn
import torch.optim as optim
import torchvision
from torchvision import models, transforms, utils
from torch.utils.data import Dataset, DataLoader, random_split
from torch.utils.tensorboard import SummaryWriter
from torchsummary import summary

RNG_SEED = 233
CENTER_CROP = 96
NET_INPUT_SIDE = 224
BATCH_N = 64
EPOCH_LIMIT = 15

TRAIN_IMG_DIR = "./train/"
TEST_IMG_DIR = "./test/"

TRAIN_TABLE = pd.read_csv("train_labels.csv")
TEST_TABLE = pd.read_csv("sample_submission.csv")
WSI_TABLE = pd.read_csv("patch_id_wsi.csv")

RUN_DEVICE = torch.device("cuda:1" if torch.cuda.is_available() else "cpu")


def fix_all_seeds(seed_value=RNG_SEED):
    os.environ['PYTHONHASHSEED'] = str(seed_value)
    np.random.seed(seed_value)
    torch.manual_seed(seed_value)
    torch.cuda.manual_seed(seed_value)


fix_all_seeds()


# ==== helpers ====


def open_rgb_image(img_path):
    """
    Open an image file
    and return it as an RGB PIL image.
    """
    return Image.open(img_path).convert('RGB')


def open_rgb_image_cv2(img_path):
    """
    Open an image with OpenCV
    and return it as an RGB array.
    """
    img_rgb = cv2.imread(img_path)
    img_rgb = cv2.cvtColor(img_rgb, cv2.COLOR_BGR2RGB)
    return img_rgb


def list_image_files(label_table, img_dir):
    """
    Path of every image in the table,
    one .tif per id, under img_dir.
    """
    image_files = [os.path.join(img_dir, '{}.tif'.format(patch_id)) for patch_id in label_table['id'].values]
    return image_files


def label_column(label_table):
    """
    Labels of the table
    as an (N, 1) column.
    """
    return label_table['label'].values.reshape(-1, 1)


def channel_stats():
    """
    Per-channel mean and std of the training images,
    computed once over all of them and cached in an .npy file.
    """
    if not os.path.exists("train_mean_std.npy"):
        print("computing channel statistics over 220025 training images")
        dark_limit = 10 / 255
        bright_limit = 245 / 255
        dark_files = []
        bright_files = []

        sum_x = np.zeros(3)
        sum_x2 = np.zeros(3)
        n_used = 0

        for img_file in list_image_files(TRAIN_TABLE, TRAIN_IMG_DIR):
            # pixel values scaled to [0, 1]
            img_arr = np.array(open_rgb_image(img_file)).reshape(-1, 3) / 255
            if img_arr.max() < dark_limit:  # skip nearly black patches
                dark_files.append(img_file)
                continue
            if img_arr.min() > bright_limit:  # skip nearly white patches
                bright_files.append(img_file)
                continue

            sum_x += img_arr.mean(axis=0)
            sum_x2 += (img_arr ** 2).mean(axis=0)
            n_used += 1

        chan_mean = sum_x / n_used
        chan_std = np.sqrt(sum_x2 / n_used - chan_mean ** 2)
        np.save("train_mean_std.npy", np.append(chan_mean, chan_std))

        print("channel statistics taken from {} images\n".format(n_used), "-" * 20)
        return chan_mean, chan_std

    else:
        print("-" * 30, "\nchannel statistics read from the cache")
        stats_arr = np.load("train_mean_std.npy")
        chan_mean = stats_arr[:3]
        chan_std = stats_arr[3:]
        return chan_mean, chan_std


def geometric_x_transform():
    """
    Right-angle rotations and flips, then normalisation.
    """
    # the ImageNet statistics are not used;
    # the training set's own ones are

    norm_mean, norm_std = channel_stats()

    x_transform = transforms.Compose([
        transforms.CenterCrop(CENTER_CROP),
        transforms.Resize((NET_INPUT_SIDE, NET_INPUT_SIDE)),
        transforms.RandomChoice([
            transforms.RandomRotation((0, 0)),
            transforms.RandomHorizontalFlip(p=1),
            transforms.RandomVerticalFlip(p=1),
            transforms.RandomRotation((90, 90)),
            transforms.RandomRotation((180, 180)),
            transforms.RandomRotation((270, 270)),
            transforms.Compose([
                transforms.RandomHorizontalFlip(p=1),
                transforms.RandomRotation((90, 90)),
            ]),
            transforms.Compose([
                transforms.RandomHorizontalFlip(p=1),
                transforms.RandomRotation((270, 270)),
            ])
        ]),
        transforms.ToTensor(),
        transforms.Normalize(mean=norm_mean, std=norm_std)
    ])
    return x_transform


def color_geometric_x_transform():
    """
    Colour jitter, then rotations and flips, then normalisation.
    """
    # the ImageNet statistics are not used;
    # the training set's own ones are

    norm_mean, norm_std = channel_stats()

    x_transform = transforms.Compose([
        transforms.CenterCrop(CENTER_CROP),
        transforms.Resize((NET_INPUT_SIDE, NET_INPUT_SIDE)),
        transforms.RandomChoice([
            transforms.ColorJitter(brightness=0.5),
            transforms.ColorJitter(contrast=0.5),
            transforms.ColorJitter(saturation=0.5),
            transforms.ColorJitter(hue=0.5),
            transforms.ColorJitter(brightness=0.1, contrast=0.1, saturation=0.1, hue=0.1),
            transforms.ColorJitter(brightness=0.3, contrast=0.3, saturation=0.3, hue=0.3),
            transforms.ColorJitter(brightness=0.5, contrast=0.5, saturation=0.5, hue=0.5),
        ]),
        transforms.RandomChoice([
            transforms.RandomRotation((0, 0)),
            transforms.RandomHorizontalFlip(p=1),
            transforms.RandomVerticalFlip(p=1),
            transforms.RandomRotation((90, 90)),
            transforms.RandomRotation((180, 180)),
            transforms.RandomRotation((270, 270)),
            transforms.Compose([
                transforms.RandomHorizontalFlip(p=1),
                transforms.RandomRotation((90, 90)),
            ]),
            transforms.Compose([
                transforms.RandomHorizontalFlip(p=1),
                transforms.RandomRotation((270, 270)),
            ])
        ]),
        transforms.ToTensor(),
        transforms.Normalize(mean=norm_mean, std=norm_std)
    ])
    return x_transform


# ==== dataset class ====

class PatchDataset(Dataset):
    def __init__(self, label_table, img_dir, img_transform=None, open_fn=open_rgb_image):
        self.image_files = list_image_files(label_table, img_dir)
        self.label_arr = label_column(label_table)

        self.img_transform = img_transform
        self.open_fn = open_fn

    def __getitem__(self, idx):
        img_file = self.image_files[idx]
        patch_label = self.label_arr[idx]

        img_rgb = self.open_fn(img_file)
        if self.img_transform is not None:
            img_rgb = self.img_transform(img_rgb)
        return img_rgb, patch_label

    def __len__(self):
        return len(self.image_files)


# ==== splits and loaders ====

train_rows, val_rows = train_test_split(TRAIN_TABLE, stratify=TRAIN_TABLE.label,
                                        test_size=0.1, random_state=RNG_SEED)
AUG_TRANSFORM = color_geometric_x_transform()
# (the geometry-only transform is the alternative)

train_dataset = PatchDataset(
    label_table=train_rows,
    img_dir=TRAIN_IMG_DIR,
    img_transform=AUG_TRANSFORM,
    open_fn=open_rgb_image
)
train_loader = DataLoader(
    train_dataset,
    batch_size=BATCH_N,
    shuffle=True,
    num_workers=4
)

valid_dataset = PatchDataset(
    label_table=val_rows,
    img_dir=TRAIN_IMG_DIR,
    img_transform=AUG_TRANSFORM,
    open_fn=open_rgb_image
)
valid_loader = DataLoader(
    valid_dataset,
    batch_size=BATCH_N,
    shuffle=True,
    num_workers=4
)

PHASE_LOADERS = {"train": train_loader,
               "val": valid_loader}

test_dataset = PatchDataset(
    label_table=TEST_TABLE,
    img_dir=TEST_IMG_DIR,
    img_transform=AUG_TRANSFORM,
    open_fn=open_rgb_image
)

test_loader = DataLoader(
    test_dataset,
    batch_size=BATCH_N,
    num_workers=4
)

print("-" * 30, "\ntraining patches: {}\nvalidation patches: {}\n".format(len(train_rows), len(val_rows)))
print("training batches: {}\nvalidation batches: {}\n".format(len(train_loader), len(valid_loader)))


# ==== networks ====

def build_resnet50_model(n_out=1):
    """
    ImageNet ResNet-50 with a new linear head
    """
    base_net = models.resnet50(pretrained=True)
    n_in = base_net.fc.in_features
    base_net.avgpool = nn.AdaptiveAvgPool2d(1)
    base_net.fc = nn.Linear(n_in, n_out)
    base_net = base_net.to(RUN_DEVICE)
    return base_net


def build_densenet169_model(n_out=1):
    """
    ImageNet DenseNet-169 with a new classifier
    """
    base_net = models.densenet169(pretrained=True)
    n_in = base_net.classifier.in_features
    base_net.classifier = nn.Linear(n_in, n_out)
    base_net = base_net.to(RUN_DEVICE)
    return base_net


class DenseNetPooledHead(nn.Module):

    def __init__(self, use_imagenet=True):
        super(DenseNetPooledHead, self).__init__()

        # (the trunk without its classifier would be the other choice)
        self.backbone = models.densenet169(pretrained=use_imagenet)

        self.head_fc = nn.Linear(1000 + 2, 16)
        self.head_bn = nn.BatchNorm1d(16)
        self.head_drop = nn.Dropout(0.2)
        self.head_act = nn.ELU()
        self.head_out = nn.Linear(16, 1)

    def forward(self, x):
        x = self.backbone(x)

        n_batch = x.shape[0]
        chan_max, _ = torch.max(x, 1, keepdim=True)
        chan_avg = torch.mean(x, 1, keepdim=True)

        x = x.view(n_batch, -1)
        joined = torch.cat((x, chan_max, chan_avg), 1)

        joined = self.head_fc(joined)
        joined = self.head_act(joined)
        joined = self.head_bn(joined)
        joined = self.head_drop(joined)

        logit = self.head_out(joined)

        return logit


class DenseNetTrunkHead(nn.Module):

    def __init__(self, base_model):
        super(DenseNetTrunkHead, self).__init__()

        self.trunk = nn.Sequential(*list(base_model.children())[:-1])

        self.head_fc = nn.Linear(1664, 1)
        self.head_drop = nn.Dropout(0.2)

    def forward(self, x):
        x = self.trunk(x)

        n_batch = x.shape[0]
        chan_max, _ = torch.max(x, 1, keepdim=True)
        chan_avg = torch.mean(x, 1, keepdim=True)

        x = x.view(n_batch, -1)
        joined = torch.cat((x, chan_max, chan_avg), 1)

        logit = self.head_fc(joined)

        return logit


# ==== TensorBoard logging ====

tb_writer = SummaryWriter('runs/experient')


def train_net(cnn, epoch_limit=EPOCH_LIMIT):
    weight_files = glob.glob("DenseNet169*pth")
    if len(weight_files) != 0:
        cnn.load_state_dict(torch.load(weight_files[0]))
        print("-" * 30, "\nresuming from saved weights")

    adam_optimizer = optim.Adam(cnn.parameters(), lr=1e-4)  # optimiser
    bce_loss = nn.BCEWithLogitsLoss()  # the sigmoid is inside the loss

    # (smoothed-loss and confusion-matrix meters were planned:
    #  an average-value meter for the loss
    #  and a two-class confusion meter)

    probe_input = torch.rand(BATCH_N, 3, 224, 224).to(RUN_DEVICE)
    tb_writer.add_graph(cnn, probe_input)

    best_weights = copy.deepcopy(cnn.state_dict())
    top_acc = 0.0
    top_epoch = 0
    prev_acc = 0

    for epoch_i in range(epoch_limit):
        print('epoch {} (last is {})\n'.format(epoch_i, epoch_limit - 1), '-' * 30)

        for stage in ["train", "val"]:

            y_gold = []
            y_prob = []

            if stage == "train":
                cnn.train()
            else:
                cnn.eval()

            loss_sum = 0.0
            correct_sum = 0
            tb_loss = 0.0
            tb_correct = 0

            # over the batches of this stage
            for step, (x, y) in tqdm(enumerate(PHASE_LOADERS[stage])):

                x = x.to(RUN_DEVICE)  # float images
                y = y.to(RUN_DEVICE).float()  # integer labels as float
                adam_optimizer.zero_grad()

                with torch.set_grad_enabled(stage == 'train'):
                    logits = cnn(x)  # both (64, 1)
                    batch_loss = bce_loss(logits, y)

                    prob = nn.Sigmoid()(logits)
                    pred_out = torch.round(prob)  # 0/1 at the 0.5 threshold

                    y_gold.append(y.data.detach().cpu().numpy())  # detached numpy copy
                    y_prob.append(prob.detach().cpu().numpy())

                    if stage == 'train':
                        # update only while training
                        batch_loss.backward()
                        adam_optimizer.step()

                loss_sum += batch_loss.item()  # python float
                correct_sum += torch.sum(pred_out == y.data)
                tb_loss += batch_loss.item()

                # periodic TensorBoard scalars
                if stage == "train" and step % 1000 == 999:
                    tb_writer.add_scalar("batch loss (train)",
                                      tb_loss / 1000,
                                      epoch_i * len(train_loader) + step)
                    tb_writer.add_scalar("batch accuracy (train)",
                                      tb_correct / 1000 * BATCH_N,
                                      epoch_i * len(train_loader) + step)
                    tb_loss = 0.0
                    tb_correct = 0

            y_gold = np.vstack(y_gold).reshape(-1)
            y_prob = np.vstack(y_prob).reshape(-1)

            if stage == "train":
                auc_this_epoch = roc_auc_score(y_gold, y_prob)
                loss_this_epoch = loss_sum / len(train_dataset)
                acc_this_epoch = correct_sum.double() / len(train_dataset)
            else:
                auc_this_epoch = roc_auc_score(y_gold, y_prob)
                loss_this_epoch = loss_sum / len(valid_dataset)
                acc_this_epoch = correct_sum.double() / len(valid_dataset)

            print('{}: loss {:.4f}, accuracy {:.4f}, AUC {:.4f}'.format(
                stage, loss_this_epoch, acc_this_epoch, auc_this_epoch))

            # keep the weights of the most accurate validation epoch
            if stage == 'val' and acc_this_epoch > top_acc:
                top_acc = acc_this_epoch
                top_epoch = epoch_i
                best_weights = copy.deepcopy(cnn.state_dict())
                print("epoch {} is the best so far".format(top_epoch))

            # (another policy, disabled: save whenever validation
            #  accuracy rose over the previous epoch,
            #  remembering that accuracy,
            #  the epoch,
            #  and a copy of the weights,
            #  and otherwise
            #  just remembering
            #  the accuracy)

    tb_writer.close()
    cnn.load_state_dict(best_weights)
    torch.save(cnn.state_dict(), "DenseNet169plus_best_epoch{}.pth".format(top_epoch))
    print("-" * 30, "training over after {} epochs\nbest epoch: {}".format(EPOCH_LIMIT, top_epoch))

    return cnn


def predict_test(cnn):
    pred_out = []
    weight_files = glob.glob("DenseNet169*pth")
    if len(weight_files) != 0:
        print("-" * 30, "\nreading saved weights")
        print("test patches: {}\ntest batches: {}\n".format(
            len(test_dataset), len(test_loader)))
        cnn.load_state_dict(torch.load(weight_files[0]))
    else:
        raise FileExistsError("no saved weights found")

    cnn.to(RUN_DEVICE)
    cnn.eval()
    print("predicting the test patches")

    with torch.no_grad():
        # no autograd graph while predicting
        for step_i, (test_x, test_target) in tqdm(enumerate(test_loader)):
            test_x = test_x.to(RUN_DEVICE)
            logit = cnn(test_x)
            # (hard 0/1 predictions were an option)
            batch_prob = nn.Sigmoid()(logit)  # probabilities

            batch_prob = list(batch_prob.detach().cpu().numpy())

            pred_out.append(batch_prob)

    test_pred_table = pd.DataFrame({"imgs": test_dataset.image_files,
                              "preds": np.vstack(pred_out).reshape(-1)})
    test_pred_table["imgs"] = test_pred_table["imgs"].apply(lambda x: x.split("/")[-1][:-4])

    submission = pd.merge(TEST_TABLE, test_pred_table, left_on="id", right_on="imgs")
    submission = submission[['id', 'preds']]
    submission.columns = ['id', 'label']

    if os.path.exists("./output"):
        submission.to_csv("./output/{}_Dense169_plus_proba.csv".format(time.strftime("%m%d")))
    else:
        os.mkdir("./output")
        submission.to_csv("./output/{}_Dense169_plus_proba.csv".format(time.strftime("%m%d")))
    print("submission written")


# ==== option 1: DenseNet trunk with pooled head ====

# build an ImageNet DenseNet-169,
# wrap it in the trunk-plus-head model
# and move it to the device,

# with an untrained copy for prediction

# ==== option 2: full DenseNet with a small head ====

TRAIN_NET = DenseNetPooledHead(use_imagenet=True)
TRAIN_NET.to(RUN_DEVICE)

TEST_NET = DenseNetPooledHead(use_imagenet=False)
TEST_NET.to("cpu")

train_net(TRAIN_NET)
torch.cuda.empty_cache()
predict_test(TEST_NET)
