import torch
import torch.nn as nn
import torchvision.models as models
import torchvision.transforms as transforms
from torch.utils.data import Dataset, DataLoader, Subset
from torch.optim.lr_scheduler import ReduceLROnPlateau
import pandas as pd
import numpy as np
import os
import wandb
import time
import datetime
import warnings
import random
import argparse
from torch.utils.data import WeightedRandomSampler
from metrics import compute_isic_metrics as isic_scores
from efficientnet_pytorch import EfficientNet
from Uni_Dataset import LesionDataset
warnings.simplefilter('ignore')

def fix_seeds(rng_seed):
    random.seed(rng_seed)
    os.environ['PYTHONHASHSEED'] = str(rng_seed)
    np.random.seed(rng_seed)
    torch.manual_seed(rng_seed)
    torch.cuda.manual_seed(rng_seed)
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = True


fix_seeds(47)

# notebook cell marker from the kaggle export
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class LesionClassifier(nn.Module):
    def __init__(self, backbone_net, n_outputs=2):
        super(LesionClassifier, self).__init__()
        self.backbone_net = backbone_net
        if 'ResNet' in str(backbone_net.__class__):
            self.backbone_net.fc = nn.Linear(in_features=2048, out_features=n_outputs)
            img_side = 224
        if 'EfficientNet' in str(backbone_net.__class__):
            self.backbone_net._fc = nn.Linear(in_features=1280, out_features=n_outputs)
            img_side = 224


    def forward(self, images):
        """
		Returns raw logits; the loss applies the softmax
		so no activation is added here
		"""
        x = images
        logits = self.backbone_net(x)
        # meta_out = self.meta_net(meta)
        # joined = torch.cat((cnn_out, meta_out), dim=1)
        # logits = self.head(cnn_out)
        return logits


def main(args):
    img_side = args.image_size
    arch_name = args.backbone

    if args.backbone == 'EfficientNet':
        backbone_net = EfficientNet.from_pretrained('efficientnet-b1')
        img_side = 224
    elif args.backbone == 'ResNet':
        backbone_net = models.resnet50(pretrained=True)
        img_side = 224

    n_epochs = args.epochs  # how many passes over the train split
    stop_patience = 6  # epochs without improvement before stopping
    best_score = 0  # best validation score so far
    patience_left = stop_patience  # counts down when the score does not improve

    # backbone_net = models.inception_v3(pretrained=True)
    model = LesionClassifier(backbone_net=backbone_net, n_outputs=args.num_class)  # fresh network
    model = model.to(device)

    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    lr_sched = ReduceLROnPlateau(optimizer=optimizer, mode='max', patience=1, verbose=True, factor=0.2)
    # loss_fn = nn.BCEWithLogitsLoss()


    # ImageNet channel statistics
    rgb_mean = [0.485, 0.456, 0.406]
    rgb_std = [0.228, 0.224, 0.225]

    norm_tfm = transforms.Normalize(mean=rgb_mean, std=rgb_std)
    img_side=224
    train_tfms = [
        transforms.Resize(224),
        transforms.RandomResizedCrop(img_side, scale=(0.75, 1.0)),
        transforms.RandomHorizontalFlip(),
        transforms.RandomVerticalFlip(),
        transforms.RandomRotation(45),
        transforms.ColorJitter(hue=0.2),
        transforms.ToTensor(),
        norm_tfm]

    val_tfms = [transforms.Resize(224),
                 transforms.CenterCrop(img_side),
                 transforms.ToTensor(),
                 norm_tfm]

    split_tfms = {
        'train': transforms.Compose(train_tfms),
        'val': transforms.Compose(val_tfms),
        'test': transforms.Compose(val_tfms)
    }
    meta_df = pd.read_csv(args.csv_file)
    binary_task=True
    train_dataset = LesionDataset(table=meta_df,
                                img_root=args.data_dir,
                                is_train=True,
                                tfm=split_tfms['train'],
                                binary_task=binary_task,
                                keep_fraction=1.0)
    val_dataset = LesionDataset(table=meta_df,
                              img_root=args.data_dir,
                              is_val=True,
                              tfm=split_tfms['val'],
                              binary_task=binary_task)
    test_dataset = LesionDataset(table=meta_df,
                               img_root=args.data_dir,
                               is_test=True,
                               tfm=split_tfms['test'],
                               binary_task=binary_task)
    print('train rows:', len(train_dataset), ', val rows:', len(val_dataset), ', test rows:', len(test_dataset))

    os.makedirs(args.log_dir, exist_ok=True)
    if args.weights == True:
        n_neg, n_pos = train_dataset.count_label()
        class_weights = [1 / n_neg, 1 / n_pos]
        print('class counts:', n_neg, n_pos)
        train_labels = meta_df[(meta_df['split'] == 'train')]['binary_label'].values.tolist()
        per_sample_w = np.array([class_weights[t] for t in train_labels])
        per_sample_w = torch.from_numpy(per_sample_w)
        balanced_sampler = WeightedRandomSampler(weights=per_sample_w, num_samples=len(train_dataset), replacement=True)
        train_loader = DataLoader(dataset=train_dataset, sampler=balanced_sampler, batch_size=args.batch_size,
                                  num_workers=args.num_workers)
    else:
        train_loader = DataLoader(dataset=train_dataset, shuffle=True, batch_size=args.batch_size,
                                  num_workers=args.num_workers)
    val_loader = DataLoader(dataset=val_dataset, batch_size=args.batch_size, shuffle=False, num_workers=args.num_workers)
    test_loader = DataLoader(dataset=test_dataset, batch_size=args.batch_size, shuffle=False, num_workers=args.num_workers)
    ckpt_name = args.runs  # file name of the saved model


    loss_fn = nn.CrossEntropyLoss()

    """training with a validation pass after every epoch"""
    for epoch in range(n_epochs):
        t_start = time.time()
        n_correct = 0
        epoch_loss = 0
        model.train()
        for batch_x, batch_y in train_loader:
            batch_x = torch.tensor(batch_x, device=device, dtype=torch.float32)
            batch_y = torch.tensor(batch_y, device=device, dtype=torch.float32)
            batch_y = batch_y.long()
            optimizer.zero_grad()
            logits = model(batch_x)
            loss = loss_fn(logits, batch_y)
            loss.backward()
            optimizer.step()
            _, pred = torch.max(logits, 1)
            n_correct += (pred.cpu() == batch_y.cpu()).sum().item()
            epoch_loss += loss.item()

        print("validating")
        val_labels = []
        model.eval()
        val_scores = torch.zeros((len(val_dataset), 2), dtype=torch.float32, device=device)
        val_classes = torch.zeros((len(val_dataset), 1), dtype=torch.float32, device=device)
        with torch.no_grad():  # inference only, no gradients needed
            for j, (val_x, val_y) in enumerate(val_loader):
                val_x = torch.tensor(val_x, device=device, dtype=torch.float32)
                val_y = torch.tensor(val_y, device=device, dtype=torch.float32)
                val_y = val_y.long()
                val_labels += (val_y.tolist())
                val_logits = model(val_x)
                val_loss = loss_fn(val_logits, val_y)
                _, val_class = torch.max(val_logits.data, 1)
                val_class = torch.unsqueeze(val_class, 1)
                val_classes[j * val_loader.batch_size:j * val_loader.batch_size + val_x.size(0)] = val_class
                val_scores[j * val_loader.batch_size:j * val_loader.batch_size + val_x.size(0)] = val_logits
            val_labels = torch.tensor(val_labels)
            auc_v, sen_v, spec_v, bacc_v = isic_scores(val_labels, val_scores, args.log_dir)
            val_auc = auc_v
            print(
                'epoch {:03} | train loss {:.3f} | val loss {:.3f} | val auc {:.6f} | val sens {:.6f} | val spec {:.6f} | val bacc {:.3f} | took {}'.format(
                    epoch + 1,
                    epoch_loss,
                    val_loss,
                    val_auc,
                    sen_v,
                    spec_v,
                    bacc_v,
                    str(datetime.timedelta(seconds=time.time() - t_start))[:7]))
            wandb.log({'train loss': epoch_loss, 'val loss': val_loss,
                       'val auc': val_auc, 'Sen': sen_v, 'Spec': spec_v})

            lr_sched.step(sen_v)
            if sen_v >= best_score:
                best_score = sen_v
                patience_left = stop_patience  # improvement, so reset the countdown
                torch.save(model, os.path.join(args.log_dir, ckpt_name))  # keep the best network so far
            else:
                patience_left -= 1
                if patience_left == 0:
                    print('stopping early, best validation score {:.3f}'.format(best_score))
                    break
    print('running the test split')
    """evaluation on the held-out test split"""
    model = torch.load(os.path.join(args.log_dir, ckpt_name))  # reload the best network
    model.eval()  # inference mode
    n_tta = 1
    model.eval()  # inference mode
    tta_scores = torch.zeros((len(test_dataset), 2), dtype=torch.float32, device=device)
    test_scores = torch.zeros((len(test_dataset), 2), dtype=torch.float32, device=device)  # averaged test scores
    test_classes = torch.zeros((len(test_dataset), 1), dtype=torch.float32, device=device)

    for tta_round in range(n_tta):
        test_labels = []
        with torch.no_grad():
            for i, (test_x, test_y) in enumerate(test_loader):
                test_x = torch.tensor(test_x, device=device, dtype=torch.float32)
                test_y = torch.tensor(test_y, device=device, dtype=torch.float32)
                test_y = test_y.long()
                test_labels += (test_y.tolist())
                test_logits = model(test_x)
                _, test_class = torch.max(test_logits.data, 1)
                test_class = torch.unsqueeze(test_class, 1)
                test_classes[i * test_loader.batch_size:i * test_loader.batch_size + test_x.size(0)] = test_class
                tta_scores[i * test_loader.batch_size:i * test_loader.batch_size + test_x.size(0)] = test_logits
                pos_score = test_logits[:, 1]
                pos_score = torch.unsqueeze(pos_score, 1)
                tta_scores[i * test_loader.batch_size:i * test_loader.batch_size + test_x.size(0)] += pos_score

            if tta_round == 0:
                test_labels = torch.tensor(test_labels)
                final_labels = test_labels
                test_output = {'targets': test_labels, 'preds': test_classes.squeeze(1)}
    test_scores += tta_scores / n_tta

    auc_t, sen_t, spec_t, bacc_t = isic_scores(final_labels, test_scores, args.log_dir,test=True)

    test_auc = auc_t
    print(
        ' test auc {:.6f} | spec {:.3f} | sens {:.3f} | test bacc {:.3f} '.format(
            test_auc,
            spec_t,
            sen_t,
            bacc_t
            ))

    torch.save(test_output, os.path.join(args.log_dir, args.test_pt))


if __name__ == '__main__':
    parser = argparse.ArgumentParser(description='Baseline lesion classifier training')
    # data options
    parser.add_argument('--data-dir', default='data/V3', help='folder with the images')
    parser.add_argument('--csv-file', default='data/V1/dataset_v1_fold_1.csv', help='table of images, labels and splits')
    parser.add_argument('--checkpoints', default='checkpoints', help='folder for checkpoints')
    parser.add_argument('--log-dir',
                        default='output_dir/',
                        help='folder for results')
    parser.add_argument('--device', default=torch.device("cuda:0" if torch.cuda.is_available() else "cpu"),
                        help='cuda:0 or cpu')
    # network options
    parser.add_argument('--backbone', default='ResNet', help='backbone network')
    parser.add_argument('--dropout', type=float, default=0.2, help='dropout rate')
    # optimisation options
    parser.add_argument('--valid-as-test', default=False, action='store_true', help='evaluate on validation instead of test')
    parser.add_argument('--resume', default=False, action='store_true', help='continue an earlier run')
    parser.add_argument('--batch-size', type=int, default=128, help='images per batch')
    parser.add_argument('--image-size', type=int, default=224, help='input side length')
    parser.add_argument('--num-workers', type=int, default=8, help='DataLoader worker processes')
    parser.add_argument('--lr', type=float, default=0.001, help='learning rate')
    parser.add_argument('--lr-backbone', type=float, default=3e-4, help='backbone learning rate')
    parser.add_argument('--weight-decay', type=float, default=1e-4, help='L2 penalty')
    parser.add_argument('--lr_drop', type=int, default=50, help='epoch of the lr drop')
    parser.add_argument('--gamma', type=float, default=0.1, help='StepLR factor')
    parser.add_argument('--factor', type=float, default=0.1, help='plateau scheduler factor')
    parser.add_argument('--epochs', type=int, default=20, help='epoch count')
    parser.add_argument('--start-epoch', type=int, default=0, help='first epoch index')
    parser.add_argument('--log-steps', type=int, default=100, help='logging interval')
    # misc options
    parser.add_argument('--debug', default=False, action='store_true', help='debug mode')
    parser.add_argument('--debug-count', type=int, default=0, help='batches used in debug mode, 0 means all')
    parser.add_argument('--num-class', type=int, default=2, help='class count')
    parser.add_argument('--wname', default='baseline_solar_res2', help='run label')
    parser.add_argument('--runs', default='resnet_demo1.pth', help='checkpoint file name')
    parser.add_argument('--weights', default=False, action='store_true', help='balance the classes with a weighted sampler')
    args = parser.parse_args()
    wandb.init(name=args.log_dir,
               project="ISIC2024",
               notes="baselines",
               tags=["isic-demo"],
               config=parser.parse_args()
               )
    main(parser.parse_args())
    wandb.finish()
