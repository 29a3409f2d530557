import torch
from torch.autograd import Variable
import torch.optim as optim
from models.net2 import UNET
import torch.nn as nn
import os
from clr import CyclicLR

class PatchTrainer(object):
    def __init__(self, settings):
        self.class_count = settings['n_classes']
        self.model = UNET(1, self.class_count)
        if self.class_count > 1:
            self.loss_fn = nn.CrossEntropyLoss()
        else:
            self.loss_fn = nn.BCEWithLogitsLoss()

        self.learning_rate = settings['lr']
        self.optimizer = optim.Adam(self.model.parameters(), lr=self.learning_rate, weight_decay=1e-3, betas=(0.8, 0.9))
        self.device = settings['device']
        self.epoch_total = settings['num_epochs']
        if settings['N_subimgs'] % settings['batch_size'] != 0:    
            self.steps_per_epoch = settings['N_subimgs'] // settings['batch_size'] + 1
        else:
            self.steps_per_epoch = settings['N_subimgs'] / settings['batch_size']
       
        self.ckpt_dir = settings['save_pth']
        if not os.path.exists(self.ckpt_dir):
            os.mkdir(self.ckpt_dir)
        self.lowest_loss = 10
        self.lr_cycle = CyclicLR(self.optimizer, step_size= 2*(settings['N_subimgs'] % settings['batch_size']), mode='triangular2')

        if self.device is not None:
            self.device = torch.device(self.device)
            self.model.to(self.device)

    def load_best(self):
        ckpt_file = os.path.join(self.ckpt_dir, 'BEST_checkpoint.pth.tar')
        ckpt = torch.load(ckpt_file)
        weights = ckpt['model']
        lowest_loss = ckpt['loss']
        epoch = ckpt['epoch']
        return epoch+1, lowest_loss
    
    def load_latest(self):
        ckpt_file = os.path.join(self.ckpt_dir, 'checkpoint.pth.tar')
        ckpt = torch.load(ckpt_file)
        weights = ckpt['model']
        epoch = ckpt['epoch']
        return epoch+1
    
    def write_best(self, snapshot, folder):
        torch.save(snapshot, os.path.join(folder, 'BEST_checkpoint.pth.tar'))

    def set_lr(self, new_lr):
        for group in self.optimizer.param_groups:
            group['lr'] = new_lr

    def train(self, prefetcher, resume=True, best=True):
        if best and resume:
            first_epoch, lowest_loss = self.load_best()
            self.lowest_loss = lowest_loss.to(self.device)
            print('Resuming at %d, lowest loss so far %.6f' \
                    % (first_epoch, lowest_loss))
        elif resume:
            first_epoch = self.load_latest()
            print('Resuming at %d' % (first_epoch))
        else:
            first_epoch = 0
        # these "epochs" are really fixed-length rounds of steps
        for i in range(first_epoch, self.epoch_total):
            epoch_loss = 0
            self.model.train()
            self.lr_cycle.batch_step()
            for j in range(self.steps_per_epoch):
                self.optimizer.zero_grad()
                patch_batch, mask_batch = prefetcher.fetch()
                patch_batch = Variable(patch_batch.to(self.device, dtype=torch.float32))
                mask_batch = Variable(mask_batch.to(self.device, dtype=torch.float32))
                logits = self.model(patch_batch)
                loss = self.loss_fn(logits, mask_batch)
                epoch_loss += loss
                loss.backward()
                self.optimizer.step()
                
                if loss < self.lowest_loss:
                    snapshot = {}
                    snapshot['loss'] = loss
                    snapshot['model'] = self.model.state_dict()
                    snapshot['epoch'] = i
                    print('new lowest loss, writing checkpoint')
                    self.write_best(snapshot, self.ckpt_dir)
                    self.lowest_loss = loss
            
            mean_loss = epoch_loss / self.steps_per_epoch
            print('round %d finished, mean loss %.6f' % (i, mean_loss))
    






