from data.data_pipe import de_preprocess, get_train_loader, get_val_data
from model import Backbone, Arcface, MobileFaceNet, Am_softmax, l2_norm
from verifacation import evaluate
import torch
from torch import optim
import numpy as np
from tqdm import tqdm
from tensorboardX import SummaryWriter
from matplotlib import pyplot as plt
plt.switch_backend('agg')
from utils import get_time, gen_plot, hflip_batch, separate_bn_paras
from PIL import Image
from torchvision import transforms as trans
import math
import bcolz

class face_learner(object):
    def __init__(self, conf, inference=False):
        print(conf)
        if conf.use_mobilfacenet:
            self.model = MobileFaceNet(conf.embedding_size).to(conf.device)
            print('MobileFaceNet model generated')
        else:
            self.model = Backbone(conf.net_depth, conf.drop_ratio, conf.net_mode).to(conf.device)
            print('{}_{} model generated'.format(conf.net_mode, conf.net_depth))
        
        if not inference:
            self.milestones = conf.milestones
            self.loader, self.class_num = get_train_loader(conf)        

            self.writer = SummaryWriter(conf.log_path)
            self.step = 0
            self.head = Arcface(embedding_size=conf.embedding_size, classnum=self.class_num).to(conf.device)

            print('two model heads generated')

            bn_params, other_params = separate_bn_paras(self.model)
            
            if conf.use_mobilfacenet:
                self.optimizer = optim.SGD([
                                    {'params': other_params[:-1], 'weight_decay': 4e-5},
                                    {'params': [other_params[-1]] + [self.head.kernel], 'weight_decay': 4e-4},
                                    {'params': bn_params}
                                ], lr = conf.lr, momentum = conf.momentum)
            else:
                self.optimizer = optim.SGD([
                                    {'params': other_params + [self.head.kernel], 'weight_decay': 5e-4},
                                    {'params': bn_params}
                                ], lr = conf.lr, momentum = conf.momentum)
            print(self.optimizer)
# ~

            print('optimizers generated')    
            self.board_loss_every = len(self.loader)//100
            self.evaluate_every = len(self.loader)//10
            self.save_every = len(self.loader)//5
            self.agedb_30, self.cfp_fp, self.lfw, self.agedb_30_issame, self.cfp_fp_issame, self.lfw_issame = get_val_data(self.loader.dataset.root.parent)
        else:
            self.threshold = conf.threshold
    
    def save_state(self, conf, accuracy, to_save_folder=False, extra=None, model_only=False):
        if to_save_folder:
            save_path = conf.save_path
        else:
            save_path = conf.model_path
        torch.save(
            self.model.state_dict(), save_path /
            ('model_{}_accuracy:{}_step:{}_{}.pth'.format(get_time(), accuracy, self.step, extra)))
        if not model_only:
            torch.save(
                self.head.state_dict(), save_path /
                ('head_{}_accuracy:{}_step:{}_{}.pth'.format(get_time(), accuracy, self.step, extra)))
            torch.save(
                self.optimizer.state_dict(), save_path /
                ('optimizer_{}_accuracy:{}_step:{}_{}.pth'.format(get_time(), accuracy, self.step, extra)))
    
    def load_state(self, conf, fixed_str, from_save_folder=False, model_only=False):
        if from_save_folder:
            save_path = conf.save_path
        else:
            save_path = conf.model_path            
        self.model.load_state_dict(torch.load(save_path/'model_{}'.format(fixed_str)))
        if not model_only:
            self.head.load_state_dict(torch.load(save_path/'head_{}'.format(fixed_str)))
            self.optimizer.load_state_dict(torch.load(save_path/'optimizer_{}'.format(fixed_str)))
        
    def board_val(self, db_name, accuracy, best_threshold, roc_curve_tensor):
        self.writer.add_scalar('{}_accuracy'.format(db_name), accuracy, self.step)
        self.writer.add_scalar('{}_best_threshold'.format(db_name), best_threshold, self.step)
        self.writer.add_image('{}_roc_curve'.format(db_name), roc_curve_tensor, self.step)
# ~
# ~
# ~
        
    def evaluate(self, conf, carray, issame, nrof_folds = 5, tta = False):
        self.model.eval()
        pos = 0
        emb_mat = np.zeros([len(carray), conf.embedding_size])
        with torch.no_grad():
            while pos + conf.batch_size <= len(carray):
                chunk = torch.tensor(carray[pos:pos + conf.batch_size])
                if tta:
                    flipped_b = hflip_batch(chunk)
                    emb_b = self.model(chunk.to(conf.device)) + self.model(flipped_b.to(conf.device))
                    emb_mat[pos:pos + conf.batch_size] = l2_norm(emb_b)
                else:
                    emb_mat[pos:pos + conf.batch_size] = self.model(chunk.to(conf.device)).cpu()
                pos += conf.batch_size
            if pos < len(carray):
                chunk = torch.tensor(carray[pos:])            
                if tta:
                    flipped_b = hflip_batch(chunk)
                    emb_b = self.model(chunk.to(conf.device)) + self.model(flipped_b.to(conf.device))
                    emb_mat[pos:] = l2_norm(emb_b)
                else:
                    emb_mat[pos:] = self.model(chunk.to(conf.device)).cpu()
        tpr, fpr, accuracy, best_thresholds = evaluate(emb_mat, issame, nrof_folds)
        png_buf = gen_plot(fpr, tpr)
        roc_img = Image.open(png_buf)
        roc_curve_tensor = trans.ToTensor()(roc_img)
        return accuracy.mean(), best_thresholds.mean(), roc_curve_tensor
    
    def find_lr(self,
                conf,
                init_value=1e-8,
                final_value=10.,
                beta=0.98,
                bloding_scale=3.,
                num=None):
        if not num:
            num = len(self.loader)
        lr_mult = (final_value / init_value)**(1 / num)
        cur_lr = init_value
        for grp in self.optimizer.param_groups:
            grp['lr'] = cur_lr
        self.model.train()
        ema_loss = 0.
        low_loss = 0.
        n_b = 0
        loss_hist = []
        lr_hist = []
        for i, (x, y) in tqdm(enumerate(self.loader), total=num):

            x = x.to(conf.device)
            y = y.to(conf.device)
            n_b += 1          

            self.optimizer.zero_grad()

            emb_mat = self.model(x)
            logits = self.head(emb_mat, y)
            obj = conf.ce_loss(logits, y)          
          
            # ~
            ema_loss = beta * ema_loss + (1 - beta) * obj.item()
            self.writer.add_scalar('avg_loss', ema_loss, n_b)
            sm_loss = ema_loss / (1 - beta**n_b)
            self.writer.add_scalar('smoothed_loss', sm_loss,n_b)
            # ~
            if n_b > 1 and sm_loss > bloding_scale * low_loss:
                print('exited with best_loss at {}'.format(low_loss))
                plt.plot(lr_hist[10:-5], loss_hist[10:-5])
                return lr_hist, loss_hist
            # ~
            if sm_loss < low_loss or n_b == 1:
                low_loss = sm_loss
            # ~
            loss_hist.append(sm_loss)
            lr_hist.append(math.log10(cur_lr))
            self.writer.add_scalar('log_lr', math.log10(cur_lr), n_b)
            # ~
            # ~

            obj.backward()
            self.optimizer.step()

            cur_lr *= lr_mult
            for grp in self.optimizer.param_groups:
                grp['lr'] = cur_lr
            if n_b > num:
                plt.plot(lr_hist[10:-5], loss_hist[10:-5])
                return lr_hist, loss_hist    

    def train(self, conf, epochs):
        self.model.train()
        run_loss = 0.            
        for ep in range(epochs):
            print('ep {} started'.format(ep))
            if ep == self.milestones[0]:
                self.schedule_lr()
            if ep == self.milestones[1]:
                self.schedule_lr()      
            if ep == self.milestones[2]:
                self.schedule_lr()                                 
            for x, y in tqdm(iter(self.loader)):
                x = x.to(conf.device)
                y = y.to(conf.device)
                self.optimizer.zero_grad()
                emb_mat = self.model(x)
                logits = self.head(emb_mat, y)
                obj = conf.ce_loss(logits, y)
                obj.backward()
                run_loss += obj.item()
                self.optimizer.step()
                
                if self.step % self.board_loss_every == 0 and self.step != 0:
                    loss_avg = run_loss / self.board_loss_every
                    self.writer.add_scalar('train_loss', loss_avg, self.step)
                    run_loss = 0.
                
                if self.step % self.evaluate_every == 0 and self.step != 0:
                    accuracy, best_threshold, roc_curve_tensor = self.evaluate(conf, self.agedb_30, self.agedb_30_issame)
                    self.board_val('agedb_30', accuracy, best_threshold, roc_curve_tensor)
                    accuracy, best_threshold, roc_curve_tensor = self.evaluate(conf, self.lfw, self.lfw_issame)
                    self.board_val('lfw', accuracy, best_threshold, roc_curve_tensor)
                    accuracy, best_threshold, roc_curve_tensor = self.evaluate(conf, self.cfp_fp, self.cfp_fp_issame)
                    self.board_val('cfp_fp', accuracy, best_threshold, roc_curve_tensor)
                    self.model.train()
                if self.step % self.save_every == 0 and self.step != 0:
                    self.save_state(conf, accuracy)
                    
                self.step += 1
                
        self.save_state(conf, accuracy, to_save_folder=True, extra='final')

    def schedule_lr(self):
        for grp in self.optimizer.param_groups:                 
            grp['lr'] /= 10
        print(self.optimizer)
    
    def infer(self, conf, faces, target_embs, tta=False):
        """(doc)




        """
        emb_list = []
        for face in faces:
            if tta:
                flip_img = trans.functional.hflip(face)
                e1 = self.model(conf.test_transform(face).to(conf.device).unsqueeze(0))
                e2 = self.model(conf.test_transform(flip_img).to(conf.device).unsqueeze(0))
                emb_list.append(l2_norm(e1 + e2))
            else:                        
                emb_list.append(self.model(conf.test_transform(face).to(conf.device).unsqueeze(0)))
        probe_embs = torch.cat(emb_list)
        
        delta = probe_embs.unsqueeze(-1) - target_embs.transpose(1,0).unsqueeze(0)
        sq_dist = torch.sum(torch.pow(delta, 2), dim=1)
        best_d, best_i = torch.min(sq_dist, dim=1)
        best_i[best_d > self.threshold] = -1 # ~
        return best_i, best_d               