import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torch.autograd import Variable
from tqdm import tqdm
import numpy as np
import matplotlib.pyplot as plt

from dataset import batch_clouds_to_tensor

run_device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

class DenseStack(nn.Sequential):
    def __init__(self, widths, drop_p=0.7):
        mods = []
        for li in range(len(widths)-1):
            mods.append(nn.Linear(widths[li], widths[li+1]))
            mods.append(nn.BatchNorm1d(widths[li+1]))
            mods.append(nn.Dropout(drop_p))
            mods.append(nn.ReLU())
        super(DenseStack, self).__init__(*mods)
            

class PointwiseConvStack(nn.Sequential):
    def __init__(self, widths):
        mods = []
        for li in range(len(widths)-1):
            mods.append(nn.Conv1d(widths[li], widths[li+1], 1))
            mods.append(nn.BatchNorm1d(widths[li+1]))
            mods.append(nn.ReLU())
        super(PointwiseConvStack, self).__init__(*mods)


class AlignNet(nn.Module):
    def __init__(self, k, drop_p=0.7, bn_mom=None):
        super(AlignNet, self).__init__()
        self.k_dim = k

        self.point_convs = PointwiseConvStack([k, 64, 128, 1024])

        self.lin_a = nn.Linear(1024, 512)
        self.lin_b = nn.Linear(512, 256)
        self.lin_c = nn.Linear(256, k*k, eye_bias=False)
        self.lin_c.requires_grad_(False)

        self.norm_a = nn.BatchNorm1d(512, momentum=bn_mom)
        self.norm_b = nn.BatchNorm1d(256, momentum=bn_mom)

    def forward(self, x):
        '''
            x has shape (B, k, N)
        '''
        h = self.point_convs(x)
        h = F.max_pool1d(h, kernel_size=x.size(-1))
        h = h.view(-1, 1024)
        h = F.relu(self.norm_a(self.lin_a(h)))
        h = F.relu(self.norm_b(self.lin_b(h)))

        h = self.lin_c(h)
        h = h.view(-1, self.k_dim, self.k_dim)
        eye_bias = torch.eye(self.k_dim, requires_grad=True).expand(x.size(0), -1, -1).to(run_device)
        return h + eye_bias


class InputAlign(nn.Module):
    def __init__(self):
        super(InputAlign, self).__init__()
        self.align = AlignNet(3)

    def forward(self, x):
        h = self.align(x)
        return torch.bmm(x.transpose(1, 2), h).transpose(1, 2)


class FeatureAlign(nn.Module):
    def __init__(self):
        super(FeatureAlign, self).__init__()
        self.align = AlignNet(64)

    def forward(self, x):
        h = self.align(x)
        self.last_mat = h
        return torch.bmm(x.transpose(1, 2), h).transpose(1, 2)


class PointCls(nn.Module):
    def __init__(self, n_classes):
        super(PointCls, self).__init__()
        self.in_align = InputAlign()
        self.feat_align = FeatureAlign()
        
        self.conv_block_a = PointwiseConvStack([3, 64, 64])
        self.conv_block_b = PointwiseConvStack([64, 64, 128, 1024])
        self.head = DenseStack([1024, 512, 256, n_classes])

    def forward(self, x):
        h = self.in_align(x)
        h = self.conv_block_a(h)
        feat_h = self.feat_align(h)
        h = self.conv_block_b(feat_h)
        h = F.max_pool1d(h, x.size(-1)).view(x.size(0), -1)
        h = self.head(h)
        return h, feat_h

    def predict(self, x):
        return self.forward(x)[0]

class PartSegNet(nn.Module):
    def __init__(self, n_feats: int):
        super(PartSegNet, self).__init__()
        self.in_align = InputAlign()
        self.feat_align = FeatureAlign()

        self.seg_block_a = PointwiseConvStack([3, 64, 64])
        self.seg_block_b = PointwiseConvStack([64, 64, 128, 1024])
        self.seg_block_c = PointwiseConvStack([1088, 512, 256, 128])
        self.seg_block_d = PointwiseConvStack([128, 128, n_feats])
        
    def forward(self, x):
        h = self.in_align(x)
        h = self.seg_block_a(h)
        feat_h = self.feat_align(feat_h)
        global_feat = self.seg_block_b(h)
        global_feat = F.max_pool1d(global_feat, x.size(2))
        global_feat = global_feat.expand(-1, -1, x.size(-1))
        h = torch.cat([h, global_feat], 1)
        h = self.seg_block_c(h)
        h = self.seg_block_d(h)
        return h, feat_h

    def predict(self, x):
        return self.forward(x)[0]

class PointSeg(nn.Module):
    def __init__(self, n_feats: int):
        super(PointSeg, self).__init__()
        self.in_align = InputAlign()
        self.feat_align = FeatureAlign()

        self.seg_block_a = PointwiseConvStack([3, 64, 64])
        self.seg_block_b = PointwiseConvStack([64, 64, 128, 1024])
        self.seg_block_c = PointwiseConvStack([1088, 512, 256, 128])
        self.seg_block_d = PointwiseConvStack([128, 128, n_feats])
        
    def forward(self, x):
        h = self.in_align(x)
        h = self.seg_block_a(h)
        feat_h = self.feat_align(feat_h)
        global_feat = self.seg_block_b(h)
        global_feat = F.max_pool1d(global_feat, x.size(2))
        global_feat = global_feat.expand(-1, -1, x.size(-1))
        h = torch.cat([h, global_feat], 1)
        h = self.seg_block_c(h)
        h = self.seg_block_d(h)
        return h, feat_h

    def predict(self, x):
        return self.forward(x)[0]


def pointnet_loss(log_probs, targets, feat_mat, reg_w=0.0001):
    loss = torch.nn.NLLLoss()
    def ortho_penalty(mat):
        eye_mat = torch.eye(64, requires_grad=True).expand(mat.size(0), -1, -1).to(run_device)
        gram = torch.bmm(mat, mat.transpose(1, 2))
        return torch.linalg.norm(eye_mat - gram, ord='fro', dim=(1,2))
    return loss(log_probs, targets) + reg_w * torch.mean(ortho_penalty(feat_mat))

def train_loop(model, train_subset, valid_subset, optim_, n_epochs=10, batch_n=32, run_device=torch.device('cpu')):
    train_loader = DataLoader(train_subset, batch_size=batch_n, shuffle=True)
    valid_loader = DataLoader(valid_subset, batch_size=batch_n, shuffle=False)

    train_loss_hist, train_acc_hist = [], []
    valid_loss_hist, valid_acc_hist = [], []

    model = model.to(run_device)
    
    for epoch_i in range(n_epochs):
        model.train()
        # one pass over the training split
        batch_train_losses, train_hits = [], []
        for x, y in tqdm(train_loader, unit='batch'):
            x, y = x.to(run_device), y.to(run_device)
            optim_.zero_grad()
            logp, feat_m = model(x)
            loss = pointnet_loss(logp, y, feat_m)
            loss.backward()
            optim_.step()
            batch_train_losses.append(loss.item())
            train_hits.append(torch.sum(logp.argmax(1) == y).item())
        train_loss_hist.append(np.mean(batch_train_losses))
        train_acc_hist = np.asarray(train_hits) / len(train_subset)

        model.eval()
        # validation pass
        with torch.no_grad():
            batch_valid_losses, valid_hits = [], []
            for x, y in tqdm(valid_loader, unit='batch'):
                x, y = x.to(run_device), y.to(run_device)
                logp, feat_m = model(x)
                loss = pointnet_loss(logp, y, feat_m)
                batch_valid_losses.append(loss.item())
                valid_hits.append(torch.sum(logp.argmax(1) == y).item())
        
        print('epoch {} done\n loss train {} / valid {} \n accuracy train {} / valid {}'
                .format(epoch_i+1, train_loss_hist[-1], valid_loss_hist[-1], train_acc_hist[-1], valid_acc_hist[-1]))

    return train_loss_hist, valid_loss_hist, train_acc_hist, valid_acc_hist


    

def plot_curves(n_epochs, train_loss_hist, valid_loss_hist, train_acc_hist, valid_acc_hist):
    n_epochs = range(0, self.params['epochs'] + 1)
    _, ax_arr = plt.subplots(1, 2, layout='constrained', sharex=True, sharey=True)
    ax_arr[0].plot(n_epochs, [0] + train_loss_hist, label='train')
    ax_arr[0].plot(n_epochs, [0] + valid_loss_hist, label='valid')
    ax_arr[0].title('loss per epoch')
    ax_arr[0].xlabel('epoch')
    ax_arr[0].ylabel('loss')
    ax_arr[0].legend()

    ax_arr[1].plot(n_epochs, [0] + train_acc_hist, label='train')
    ax_arr[1].plot(n_epochs, [0] + valid_acc_hist, label='valid')
    ax_arr[1].title('accuracy per epoch')
    ax_arr[1].xlabel('epoch')
    ax_arr[1].ylabel('accuracy')
    ax_arr[1].legend()


if __name__ == '__main__':
    from pytorch_model_summary import summary
    dummy_pts = Variable(torch.rand(32, 3, 2000)) # (batch, 3, points)
    conv_stack = PointwiseConvStack([3, 64, 64])
    h = conv_stack(dummy_pts)
    print(summary(conv_stack, dummy_pts), '\n', h.size()) # (batch, 64, points)

    dummy_pts = Variable(torch.rand(32, 3, 2000)) # (batch, 3, points)
    align_mod = InputAlign()
    h = align_mod(dummy_pts)
    print(summary(align_mod, dummy_pts), '\n', h.size()) # (batch, 3, 3)

    dummy_pts = Variable(torch.rand(32, 64, 2000)) # (batch, 64, points)
    align_mod = FeatureAlign()
    h = align_mod(dummy_pts)
    print(summary(align_mod, dummy_pts), '\n', h.size()) # (batch, 64, 64)

    dummy_pts = Variable(torch.rand(32, 3, 2000)) # (batch, 3, points)
    cls_model = PointCls(n_classes=10)
    h = cls_model(dummy_pts)
    print(summary(cls_model, dummy_pts),' \n', h.size())

    dummy_pts = Variable(torch.rand(32, 3, 2000)) # (batch, 3, points)
    seg_model = PointSeg(n_feats=10)
    h = seg_model(dummy_pts)
    print(summary(seg_model, dummy_pts), '\n', h.size())

    

    
