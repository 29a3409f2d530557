# libraries
import torch
import torchvision.transforms as transforms
from torchvision.datasets import ImageFolder
from torch.utils.data import DataLoader, random_split, Dataset
from PIL import Image
import torchvision.models as models
import torch.optim as optim
from torch.optim.lr_scheduler import StepLR
from torch.utils.tensorboard import SummaryWriter
import os


# read a split list: one "relative_path class_id" pair per row
def read_split_list(list_file, images_root):
    with open(list_file, 'r') as f:
        rows = f.readlines()

    img_paths = []
    label_ids = []
    for row in rows:
        fields = row.strip().split()
        img_file = os.path.join(images_root, fields[0])
        label_id = int(fields[1]) - 1  # ids in the list start at 1; shift to 0-based
        img_paths.append(img_file)
        label_ids.append(label_id)

    return img_paths, label_ids

class BirdImageDataset(Dataset):
    def __init__(self, image_files, label_list, img_transform=None):
        self.image_files = image_files
        self.label_list = label_list
        self.img_transform = img_transform

    def __len__(self):
        return len(self.image_files)

    def __getitem__(self, index):
        img = Image.open(self.image_files[index]).convert('RGB')
        target_label = self.label_list[index]
        if self.img_transform:
            img = self.img_transform(img)
        return img, target_label


img_transform = transforms.Compose([
    transforms.Resize((224, 224)),
    transforms.ToTensor(),
    transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]),
])

train_img_paths, train_label_ids = read_split_list('./CUB_200_2011/train.txt', './CUB_200_2011/images')
val_img_paths, val_label_ids = read_split_list('./CUB_200_2011/test.txt', './CUB_200_2011/images')

bird_train_dataset = BirdImageDataset(train_img_paths, train_label_ids, img_transform=img_transform)
bird_val_dataset = BirdImageDataset(val_img_paths, val_label_ids, img_transform=img_transform)

bird_train_loader = DataLoader(bird_train_dataset, batch_size=32, shuffle=True)
bird_val_loader = DataLoader(bird_val_dataset, batch_size=32, shuffle=False)

# network, loss, and where it runs
run_device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

def build_resnet_model(n_bird_classes=200):
    resnet_model = models.resnet18(weights=models.ResNet18_Weights.DEFAULT)
    resnet_model.fc = torch.nn.Linear(resnet_model.fc.in_features, n_bird_classes)
    resnet_model = resnet_model.to(run_device)
    return resnet_model

ce_loss_fn = torch.nn.CrossEntropyLoss()

# (backbone lr, new-head lr) pairs to try
lr_pairs = [
    (5e-3, 5e-2),
    (1e-3, 1e-2),
    (5e-4, 5e-3)
]

epoch_count = 20

# one full run for a single lr pair
def run_train_eval(bird_train_loader, bird_val_loader, backbone_lr, head_lr, epoch_count=20):
    resnet_model = build_resnet_model()
    sgd_optimizer = optim.SGD([
        {'params': resnet_model.fc.parameters(), 'lr': head_lr},
        {'params': [p for pname, p in resnet_model.named_parameters() if "fc" not in pname], 'lr': backbone_lr}
    ], momentum=0.9)
    lr_decay = StepLR(sgd_optimizer, step_size=7, gamma=0.1)

    # a tensorboard folder per run
    run_log_dir = f'runs/lr_pretrained_{backbone_lr}_lr_fc_{head_lr}'
    os.makedirs(run_log_dir, exist_ok=True)
    tb_writer = SummaryWriter(run_log_dir)

    print(f"run: backbone lr={backbone_lr}, head lr={head_lr}")

    for epoch_idx in range(epoch_count):
        resnet_model.train()
        loss_sum = 0.0
        for img_batch, label_batch in bird_train_loader:
            img_batch, label_batch = img_batch.to(run_device), label_batch.to(run_device)

            sgd_optimizer.zero_grad()
            logits = resnet_model(img_batch)
            batch_loss = ce_loss_fn(logits, label_batch)
            batch_loss.backward()
            sgd_optimizer.step()

            loss_sum += batch_loss.item()

        epoch_train_loss = loss_sum / len(bird_train_loader)
        tb_writer.add_scalar('Loss/train', epoch_train_loss, epoch_idx)
        tb_writer.add_text('lr pair', f'backbone {backbone_lr} / head {head_lr}', epoch_idx)

        resnet_model.eval()
        epoch_val_loss = 0.0
        n_right = 0
        n_seen = 0
        with torch.no_grad():
            for img_batch, label_batch in bird_val_loader:
                img_batch, label_batch = img_batch.to(run_device), label_batch.to(run_device)
                logits = resnet_model(img_batch)
                batch_loss = ce_loss_fn(logits, label_batch)
                epoch_val_loss += batch_loss.item()

                _, top_class = logits.max(1)
                n_seen += label_batch.size(0)
                n_right += top_class.eq(label_batch).sum().item()

        epoch_val_loss /= len(bird_val_loader)
        val_acc_pct = 100 * n_right / n_seen
        tb_writer.add_scalar('Loss/val', epoch_val_loss, epoch_idx)
        tb_writer.add_scalar('Accuracy/val', val_acc_pct, epoch_idx)

        print(
            f'epoch {epoch_idx + 1} of {epoch_count}: train loss {epoch_train_loss:.4f}, val loss {epoch_val_loss:.4f}, val acc {val_acc_pct:.2f}%')

        lr_decay.step()

    tb_writer.close()


# sweep over every lr pair
for backbone_lr, head_lr in lr_pairs:
    run_train_eval(bird_train_loader, bird_val_loader, backbone_lr, head_lr, epoch_count)
