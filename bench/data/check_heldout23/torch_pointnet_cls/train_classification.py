from __future__ import print_function
import argparse
import os
import random
import torch
import torch.nn.parallel
import torch.optim as optim
import torch.utils.data
from pointnet.dataset import ShapeNetPartsDataset, ModelNetPlyDataset
from pointnet.model import PointNetClassifier, feature_transform_penalty
import torch.nn.functional as F
from tqdm import tqdm


arg_parser = argparse.ArgumentParser()
arg_parser.add_argument(
    '--batchSize', type=int, default=32, help='point clouds per batch')
arg_parser.add_argument(
    '--num_points', type=int, default=2500, help='points drawn per cloud')
arg_parser.add_argument(
    '--workers', type=int, help='DataLoader worker processes', default=4)
arg_parser.add_argument(
    '--nepoch', type=int, default=250, help='training epochs')
arg_parser.add_argument('--outf', type=str, default='cls', help='where checkpoints go')
arg_parser.add_argument('--model', type=str, default='', help='checkpoint to start from')
arg_parser.add_argument('--dataset', type=str, required=True, help="root folder of the point data")
arg_parser.add_argument('--dataset_type', type=str, default='shapenet', help="shapenet or modelnet40")
arg_parser.add_argument('--feature_transform', action='store_true', help="add the feature-space T-net")

opts = arg_parser.parse_args()
print(opts)

paint_blue = lambda text: '\033[94m' + text + '\033[0m'

opts.seed_value = random.randint(1, 10000)  # random seed, logged below
print("seed in use:", opts.seed_value)
random.seed(opts.seed_value)
torch.manual_seed(opts.seed_value)

if opts.dataset_type == 'shapenet':
    train_dataset = ShapeNetPartsDataset(
        root_dir=opts.dataset,
        for_classification=True,
        n_points=opts.num_points)

    test_points_dataset = ShapeNetPartsDataset(
        root_dir=opts.dataset,
        for_classification=True,
        split_name='test',
        n_points=opts.num_points,
        augment=False)
elif opts.dataset_type == 'modelnet40':
    train_dataset = ModelNetPlyDataset(
        root_dir=opts.dataset,
        n_points=opts.num_points,
        split_name='trainval')

    test_points_dataset = ModelNetPlyDataset(
        root_dir=opts.dataset,
        split_name='test',
        n_points=opts.num_points,
        augment=False)
else:
    exit('dataset_type must be shapenet or modelnet40')


train_loader = torch.utils.data.DataLoader(
    train_dataset,
    batch_size=opts.batchSize,
    shuffle=True,
    num_workers=int(opts.workers))

test_loader = torch.utils.data.DataLoader(
        test_points_dataset,
        batch_size=opts.batchSize,
        shuffle=True,
        num_workers=int(opts.workers))

print(len(train_dataset), len(test_points_dataset))
n_classes = len(train_dataset.class_ids)
print('class count', n_classes)

try:
    os.makedirs(opts.outf)
except OSError:
    pass

point_model = PointNetClassifier(n_out=n_classes, use_feature_transform=opts.feature_transform)

if opts.model != '':
    point_model.load_state_dict(torch.load(opts.model))


adam_optimizer = optim.Adam(point_model.parameters(), lr=0.001, betas=(0.9, 0.999))
lr_sched = optim.lr_scheduler.StepLR(adam_optimizer, step_size=20, gamma=0.5)
point_model.cuda()

batches_per_epoch = len(train_dataset) / opts.batchSize

for epoch_i in range(opts.nepoch):
    lr_sched.step()
    for step, batch_data in enumerate(train_loader, 0):
        point_batch, target_labels = batch_data
        target_labels = target_labels[:, 0]
        point_batch = point_batch.transpose(2, 1)
        point_batch, target_labels = point_batch.cuda(), target_labels.cuda()
        adam_optimizer.zero_grad()
        point_model = point_model.train()
        pred_logp, trans_in, trans_feature = point_model(point_batch)
        batch_loss = F.nll_loss(pred_logp, target_labels)
        if opts.feature_transform:
            batch_loss += feature_transform_penalty(trans_feature) * 0.001
        batch_loss.backward()
        adam_optimizer.step()
        pred_class = pred_logp.data.max(1)[1]
        n_correct = pred_class.eq(target_labels.data).cpu().sum()
        print('[%d: %d/%d] train nll %f, hit rate %f' % (epoch_i, step, batches_per_epoch, batch_loss.item(), n_correct.item() / float(opts.batchSize)))

        if step % 10 == 0:
            _j, batch_data = next(enumerate(test_loader, 0))
            point_batch, target_labels = batch_data
            target_labels = target_labels[:, 0]
            point_batch = point_batch.transpose(2, 1)
            point_batch, target_labels = point_batch.cuda(), target_labels.cuda()
            point_model = point_model.eval()
            pred_logp, _, _ = point_model(point_batch)
            batch_loss = F.nll_loss(pred_logp, target_labels)
            pred_class = pred_logp.data.max(1)[1]
            n_correct = pred_class.eq(target_labels.data).cpu().sum()
            print('[%d: %d/%d] %s nll %f, hit rate %f' % (epoch_i, step, batches_per_epoch, paint_blue('test'), batch_loss.item(), n_correct.item()/float(opts.batchSize)))

    torch.save(point_model.state_dict(), '%s/cls_model_%d.pth' % (opts.outf, epoch_i))

correct_total = 0
seen_total = 0
for step,batch_data in tqdm(enumerate(test_loader, 0)):
    point_batch, target_labels = batch_data
    target_labels = target_labels[:, 0]
    point_batch = point_batch.transpose(2, 1)
    point_batch, target_labels = point_batch.cuda(), target_labels.cuda()
    point_model = point_model.eval()
    pred_logp, _, _ = point_model(point_batch)
    pred_class = pred_logp.data.max(1)[1]
    n_correct = pred_class.eq(target_labels.data).cpu().sum()
    correct_total += n_correct.item()
    seen_total += point_batch.size()[0]

print("hit rate on the whole test split {}".format(correct_total / float(seen_total)))