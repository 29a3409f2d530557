import torch
import torch.optim as optim
import torch.optim.lr_scheduler as lr_sched
import torch.nn as nn
from torch.utils.data import DataLoader
from torch.autograd import Variable
import numpy as np
import os
from torchvision import transforms
from models import RSCNN_SSN_Cls as RelShapeNet
from data import ModelNet40H5Dataset
import utils.pytorch_utils as ptu
import utils.pointnet2_utils as p2u
import data.data_utils as aug_utils
import argparse
import random
import yaml

torch.backends.cudnn.enabled = True
torch.backends.cudnn.benchmark = True
torch.backends.cudnn.deterministic = True

rng_seed = 123
random.seed(rng_seed)
np.random.seed(rng_seed)
torch.manual_seed(rng_seed)            
torch.cuda.manual_seed(rng_seed)       
torch.cuda.manual_seed_all(rng_seed) 

cli = argparse.ArgumentParser(description='RS-CNN ModelNet40 classifier')
cli.add_argument('--config', default='cfgs/config_ssn_cls.yaml', type=str)

def run_main():
    opts = cli.parse_args()
    with open(opts.config) as fh:
        cfg_yaml = yaml.load(fh)
    print("\n==========================")
    for key, value in cfg_yaml['common'].items():
        setattr(opts, key, value)
        print('\n%s ='%(key), value)
    print("\n==========================\n")
    
    try:
        os.makedirs(opts.save_path)
    except OSError:
        pass
    
    train_tf = transforms.Compose([
        aug_utils.PointcloudToTensor()
    ])
    test_tf = transforms.Compose([
        aug_utils.PointcloudToTensor()
    ])
    
    train_points_dataset = ModelNet40H5Dataset(n_points = opts.num_points, root_dir = opts.data_root, point_tf=train_tf)
    train_loader = DataLoader(
        train_points_dataset, 
        batch_size=opts.batch_size,
        shuffle=True, 
        num_workers=int(opts.workers), 
        pin_memory=True
    )

    test_points_dataset = ModelNet40H5Dataset(n_points = opts.num_points, root_dir = opts.data_root, point_tf=test_tf, is_train=False)
    test_loader = DataLoader(
        test_points_dataset, 
        batch_size=opts.batch_size,
        shuffle=False, 
        num_workers=int(opts.workers), 
        pin_memory=True
    )
    
    cls_model = RelShapeNet(num_classes = opts.num_classes, input_channels = opts.input_channels, relation_prior = opts.relation_prior, use_xyz = True)
    cls_model.cuda()
    adam_opt = optim.Adam(
        cls_model.parameters(), lr=opts.base_lr, weight_decay=opts.weight_decay)

    lr_lambda_fn = lambda ep: max(opts.lr_decay**(ep // opts.decay_step), opts.lr_clip / opts.base_lr)
    bn_mom_fn = lambda ep: max(opts.bn_momentum * opts.bn_decay**(ep // opts.decay_step), opts.bnm_clip)
    lr_sched_obj = lr_sched.LambdaLR(adam_opt, lr_lambda_fn)
    bn_sched_obj = ptu.BNMomentumScheduler(cls_model, bn_mom_fn)
    
    if opts.checkpoint is not '':
        cls_model.load_state_dict(torch.load(opts.checkpoint))
        print('weights restored from %s' % (opts.checkpoint))

    ce_loss_fn = nn.CrossEntropyLoss()
    batches_per_epoch = len(train_points_dataset)/opts.batch_size
    
    # run the optimisation
    train_loop(train_loader, test_loader, cls_model, ce_loss_fn, adam_opt, lr_sched_obj, bn_sched_obj, opts, batches_per_epoch)
    

def train_loop(train_loader, test_loader, cls_model, ce_loss_fn, adam_opt, lr_sched_obj, bn_sched_obj, opts, batches_per_epoch):
    scale_shift_aug = aug_utils.PointcloudScaleAndTranslate()   # random scale and shift
    global best_val_acc 
    best_val_acc = 0.91    # checkpoints only above 91% accuracy
    n_steps = 0
    cls_model.train()
    for epoch_no in range(opts.epochs):
        for it, batch_data in enumerate(train_loader, 0):
            if lr_sched_obj is not None:
                lr_sched_obj.step(epoch_no)
            if bn_sched_obj is not None:
                bn_sched_obj.step(epoch_no-1)
            points_b, labels_b = batch_data
            points_b, labels_b = points_b.cuda(), labels_b.cuda()
            points_b, labels_b = Variable(points_b), Variable(labels_b)
            
            # farthest point sampling
            fps_index = p2u.furthest_point_sample(points_b, 1200)  # indices (B, npoint)
            fps_index = fps_index[:, np.random.choice(1200, opts.num_points, False)]
            points_b = p2u.gather_operation(points_b.transpose(1, 2).contiguous(), fps_index).transpose(1, 2).contiguous()  # gathered (B, N, 3)
            
            # augment in place
            points_b.data = scale_shift_aug(points_b.data)
            
            adam_opt.zero_grad()
            
            logits = cls_model(points_b)
            labels_b = labels_b.view(-1)
            batch_loss = ce_loss_fn(logits, labels_b)
            batch_loss.backward()
            adam_opt.step()
            if it % opts.print_freq_iter == 0:
                print('ep %3d step %3d/%3d \t loss %0.6f \t lr %0.5f' %(epoch_no+1, it, batches_per_epoch, batch_loss.data.clone(), lr_sched_obj.get_lr()[0]))
            n_steps += 1
            
            # validate every half epoch or so
            if opts.evaluate and n_steps % int(opts.val_freq_epoch * batches_per_epoch) == 0:
                validate_split(test_loader, cls_model, ce_loss_fn, opts, n_steps)


def validate_split(test_loader, cls_model, ce_loss_fn, opts, step_no): 
    global best_val_acc
    cls_model.eval()
    val_losses, val_preds, val_labels = [], [], []
    for jt, batch_data in enumerate(test_loader, 0):
        points_b, labels_b = batch_data
        points_b, labels_b = points_b.cuda(), labels_b.cuda()
        points_b, labels_b = Variable(points_b, volatile=True), Variable(labels_b, volatile=True)
        
        # farthest point sampling
        fps_index = p2u.furthest_point_sample(points_b, opts.num_points)  # indices (B, npoint)
        # no random subset at test time
        points_b = p2u.gather_operation(points_b.transpose(1, 2).contiguous(), fps_index).transpose(1, 2).contiguous()

        logits = cls_model(points_b)
        labels_b = labels_b.view(-1)
        batch_loss = ce_loss_fn(logits, labels_b)
        val_losses.append(batch_loss.data.clone())
        _, pred_cls = torch.max(logits.data, -1)
        
        val_preds.append(pred_cls)
        val_labels.append(labels_b.data)
        
    val_preds = torch.cat(val_preds, 0)
    val_labels = torch.cat(val_labels, 0)
    val_acc = (val_preds == val_labels).sum() / val_labels.numel()
    print('\nvalidation loss %0.6f \t accuracy %0.6f\n' %(np.array(val_losses).mean(), val_acc))
    if val_acc > best_val_acc:
        best_val_acc = val_acc
        torch.save(cls_model.state_dict(), '%s/cls_ssn_iter_%d_acc_%0.6f.pth' % (opts.save_path, step_no, val_acc))
    cls_model.train()
    
if __name__ == "__main__":
    run_main()