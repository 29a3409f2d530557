import os
import sys
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader 
from torch.optim import lr_scheduler
import utils
import config

has_cuda = torch.cuda.is_available()
loader_kw = {'num_workers':1, 'pin_memory':True} if has_cuda else {}
print ("cuda:", has_cuda)
dev = torch.device("cuda" if has_cuda else "cpu")
n_gpu = torch.cuda.device_count()
torch.cuda.manual_seed(5)

class Trainer(object):
    def __init__(self, net, segs, opts):
        self.net = net
        self.segs = segs
        self.opts = opts
        
        self.epoch_no = 0

        self.ckpt_dir = './model'
        if not os.path.exists(self.ckpt_dir):
            os.makedirs(self.ckpt_dir)

        # multi-label loss 
        self.criterion = nn.BCEWithLogitsLoss()

        self._setup()
        self.set_mode('train')


    def _setup(self):
        self.opt = torch.optim.SGD(self.net.parameters(), lr=config.LR, weight_decay=1e-6, momentum=0.9, nesterov=True)
        self.sched = lr_scheduler.ReduceLROnPlateau(self.opt, mode='min', factor=0.2, patience=2, verbose=True)


        # devices
        if len(self.opts.gpus) > 1:
            self.parallel = True
        else :
            self.parallel = False
        
        utils.handle_multigpu(self.parallel, self.opts.gpus, n_gpu)

       
        if self.parallel :
            self.net = nn.DataParallel(self.net, device_ids=self.opts.gpus)

        self.net.to(dev)


    def set_mode(self, mode):
        print ("mode: ", mode)
        if mode == 'train':
            self.net.train()
            self.segs.set_mode('train')

        elif mode == 'valid' :
            self.net.eval()
            self.segs.set_mode('valid')

        elif mode == 'test':
            self.net.eval()
            self.segs.set_mode('test')

        self.loader = DataLoader(self.segs, batch_size=config.BATCH, shuffle=True, drop_last=True, **loader_kw)


    
    def train(self) :
        # epochs
        for ep in range(config.EPOCHS):
            self.set_mode('train') 

            tag_aucs = []
            tag_aps = []
            clip_aucs = []
            clip_aps = []

            for step, batch in enumerate(self.loader):
                wave = batch['audio'].to(dev)
                target = batch['label'].to(dev)

                logits = self.net(wave)
                loss = self.criterion(logits, target)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                
                if (step+1) % 10 == 0:
                    print ("epoch [%d/%d], step [%d/%d] loss: %.4f" % (ep+1, config.EPOCHS, step+1, len(self.loader), loss.item()))

                    # per tag 
                    auc_t, ap_t = utils.tagwise_aroc_ap(target.cpu().detach().numpy(), logits.cpu().detach().numpy())
                    tag_aucs.append(np.mean(auc_t))
                    tag_aps.append(np.mean(ap_t))
                    # per clip
                    auc_c, ap_c = utils.itemwise_aroc_ap(target.cpu().detach().numpy(), logits.cpu().detach().numpy())
                    clip_aucs.append(np.mean(auc_c))
                    clip_aps.append(np.mean(ap_c))
                    
                    print ("per tag: AUC = %.3f, AP = %.3f / "%(np.mean(auc_t), np.mean(ap_t)), "per clip: AUC = %.3f, AP = %.3f"%(np.mean(auc_c), np.mean(ap_c)))


            self.epoch_no +=1

            print ("per tag: mean AUC = %.3f, AP = %.3f / "%(np.mean(tag_aucs), np.mean(tag_aps)), "per clip: mean AUC = %.3f, AP = %.3f"%(np.mean(clip_aucs), np.mean(clip_aps)))
            print ('validating...')
            val_loss = self.eval()
                
            self.sched.step(val_loss) # plateau schedule
            lr_now = self.opt.param_groups[0]['lr']
            print ('lr: {}'.format(lr_now))
            if lr_now < 1e-7:
                print ("lr too small, stopping")
                break

        torch.save(self.net.module.state_dict(), self.ckpt_dir / self.net.module.__class__.__name__ + '_' + str(self.epoch_no) + '.pth')
                

    # Scores the network on the validation split (while training) or the test split.
    # Called once per epoch with the validation split.
    def eval():
        self.set_mode('valid')
        
        val_loss = 0.0
        tag_aucs = []
        tag_aps = []
        clip_aucs = []
        clip_aps = []
        for step, batch in enumerate(self.loader):
            wave = batch['audio'].to(dev)
            target = batch['label'].to(dev)

            logits = self.net(wave)
            loss = self.criterion(logits, target)
            
            auc_t, ap_t = utils.tagwise_aroc_ap(target.cpu().detach().numpy(), logits.cpu().detach.numpy())
            tag_aucs.append(np.mean(auc_t))
            tag_aps.append(np.mean(ap_t))
            auc_c, ap_c = utils.itemwise_aroc_ap(target.cpu().detach.numpy(), logits.cpu().detach.numpy())
            clip_aucs.append(np.mean(auc_c))
            clip_aps.append(np.mean(ap_c))

            val_loss += loss.data[0]

        mean_loss =val_loss/len(val_loader)
        print ("per tag: mean AUC = %.3f, AP = %.3f / "%(np.mean(tag_aucs), np.mean(tag_aps)), "per clip: mean AUC = %.3f, AP = %.3f"%(np.mean(clip_aucs), np.mean(clip_aps)))
        print ('mean loss: {:.4f} \n'. format(mean_loss))
        return mean_loss


if __name__ == '__main__':
    net = SampleCNN()
    net = net.load_state_dict(torch.load('SampleCNN.pth'))
