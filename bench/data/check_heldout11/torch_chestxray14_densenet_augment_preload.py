import pandas as pd
import torch
from torch.utils.data import Dataset, DataLoader
from PIL import Image
import os, sys
import pickle
from collections import defaultdict
from sklearn.preprocessing import MultiLabelBinarizer
import numpy as np
import torch.nn as nn
import torch.backends.cudnn as cudnn
import torchvision
import torchvision.transforms as transforms
from torch.autograd import Variable
from sklearn.metrics import roc_auc_score
import torch.optim as optim

os.environ['CUDA_VISIBLE_DEVICES'] = "0"

def per_class_auc(truth, scores):

    auc_list = []
    truth_arr = truth.cpu().numpy()
    score_arr = scores.cpu().numpy()
    for i in range(NUM_LABELS):
        auc_list.append(roc_auc_score(truth_arr[:, i], score_arr[:, i]))
    return auc_list


# ---- array-backed data set ----
class CxrArrayDataset(Dataset):
    def __init__(self, split_name = "train", tfm=None):

        arr_path = sys.argv[1]
        self.split_name = split_name
        if split_name == "train":
            self.img_X = np.uint8(np.load(arr_path + "train_X_small.npy")*255*255)
            with open(arr_path + "train_y_onehot.pkl", "rb") as fh:
                self.label_y = pickle.load(fh)
            has_finding = (self.label_y.sum(axis=1)!=0)
            self.label_y = self.label_y[has_finding,:]
            self.img_X = self.img_X[has_finding,:]
        else:
            self.img_X = np.uint8(np.load(arr_path + "valid_X_small.npy")*255*255)
            with open(arr_path + "valid_y_onehot.pkl", "rb") as fh:
                self.label_y = pickle.load(fh)

        self.pos_w = (len(self.label_y)-self.label_y.sum(axis=0))/len(self.label_y)
        self.neg_w = (self.label_y.sum(axis=0))/len(self.label_y)
        self.tfm = tfm

    def __getitem__(self, idx):
        """
        Return one sample:
            the tiled image, its
        multi-hot labels and
            per-class weights
        """
        tiled_X = np.tile(self.img_X[idx],3)
        label_vec = self.label_y[idx]
        neg_label = 1- label_vec
        sample_w = np.add((neg_label * self.neg_w),(label_vec * self.pos_w))
        if self.tfm is not None:
            image_t = self.tfm(tiled_X)
        return image_t, torch.from_numpy(label_vec).type(torch.FloatTensor), torch.from_numpy(sample_w).type(torch.FloatTensor)
    def __len__(self):
        return len(self.label_y)

# network definition
class DenseSigmoidNet(nn.Module):
    """Torchvision DenseNet-121
    whose classifier head is swapped for a
    linear layer followed by a sigmoid.
    """
    def __init__(self, n_out):
        super(DenseSigmoidNet, self).__init__()
        self.backbone = torchvision.models.densenet121(pretrained=True)
        in_dim = self.backbone.classifier.in_features
        self.backbone.classifier = nn.Sequential(
            nn.Linear(in_dim, n_out),
            nn.Sigmoid()
        )

    def forward(self, x):
        x = self.backbone(x)
        return x


if __name__ == '__main__':

    # training split
    base_train_dataset = CxrArrayDataset(split_name="train",
                                     tfm=transforms.Compose([
                                         transforms.ToPILImage(),
                                         transforms.RandomCrop(224),
                                         transforms.RandomHorizontalFlip(),
                                         transforms.ToTensor(),
                                         transforms.Normalize([0.485, 0.456, 0.406],[0.229, 0.224, 0.225])
                                         ]))
    aug_images = []
    aug_labels = []
    aug_weights = []
    for i in range(4):
        for j in range(len(base_train_dataset)):
            one_img, one_label, one_weight = base_train_dataset[j]
            aug_images.append(one_img)
            aug_labels.append(one_label)
            aug_weights.append(one_weight)
            if j % 1000==0:
                print(j)

    # random order
    order = torch.randperm(len(aug_labels))
    aug_images = torch.stack(aug_images)[order]
    aug_labels = torch.stack(aug_labels)[order]
    aug_weights = torch.stack(aug_weights)[order]

    # validation split
    val_dataset = CxrArrayDataset(split_name="valid",
                                     tfm=transforms.Compose([
                                         transforms.ToPILImage(),
                                         transforms.CenterCrop(224),
                                         transforms.ToTensor(),
                                         transforms.Normalize([0.485, 0.456, 0.406],[0.229, 0.224, 0.225])
                                         ]))

    val_loader = DataLoader(dataset=val_dataset, batch_size=64, shuffle=False, num_workers=16)
    # ---- training loop ----

    cudnn.benchmark = True
    NUM_LABELS = 8
    BATCH_LEN = 64

    # build the network and spread it over the GPUs
    cxr_model = DenseSigmoidNet(NUM_LABELS).cuda()
    cxr_model = torch.nn.DataParallel(cxr_model).cuda()

    adam_optimizer = optim.Adam(cxr_model.parameters(),lr=0.0002, betas=(0.9, 0.999))
    n_total = len(aug_images)
    for epoch_idx in range(10):  # ten passes
        print("epoch",epoch_idx)
        loss_sum = 0.0

        # new random order
        order = torch.randperm(len(aug_labels))
        aug_images = aug_images[order]
        aug_labels = aug_labels[order]
        aug_weights = aug_weights[order]

        for idx in range(0, n_total , BATCH_LEN):
            if idx+BATCH_LEN > n_total:
                break
            # clear old gradients
            adam_optimizer.zero_grad()
            batch_imgs = aug_images[idx:idx+BATCH_LEN]
            batch_labels = aug_labels[idx:idx+BATCH_LEN]
            batch_weights = aug_weights[idx:idx+BATCH_LEN]
            batch_imgs, batch_labels = Variable(batch_imgs.cuda()), Variable(batch_labels.cuda())
            batch_weights = Variable(batch_weights.cuda())

            # forward, backward, step
            probs = cxr_model(batch_imgs)
            bce = nn.BCELoss()
            batch_loss = bce(probs, batch_labels)
            batch_loss.backward()
            adam_optimizer.step()
            loss_sum += batch_loss.data[0]


        # ---- validation ----
        # eval mode
        cxr_model.eval()


        # empty tensors for targets and scores
        truth = torch.FloatTensor()
        truth = truth.cuda()
        scores = torch.FloatTensor()
        scores = scores.cuda()


        for i, (val_img, target_t, sample_w) in enumerate(val_loader):
            target_t = target_t.cuda()
            truth = torch.cat((truth, target_t), 0)
            val_input = Variable(val_img.view(-1, 3, 224, 224).cuda(), volatile=True)
            val_probs = cxr_model(val_input)
            scores = torch.cat((scores, val_probs.data), 0)

        FINDING_NAMES = ['Atelectasis', 'Cardiomegaly','Effusion', 'Infiltration',
                       'Mass','Nodule', 'Pneumonia', 'Pneumothorax']

        auc_list = per_class_auc(truth, scores)
        auc_mean = np.array(auc_list).mean()
        print('mean AUROC: {auc_mean:.3f}'.format(auc_mean=auc_mean))
        for i in range(NUM_LABELS):
            print('AUROC for {}: {}'.format(FINDING_NAMES[i], auc_list[i]))

        cxr_model.train()
        # running loss
        print('[%d] loss: %.3f' % (epoch_idx + 1, loss_sum / 715 ))
        torch.save(cxr_model.state_dict(),'DenseNet121_aug4_pretrain_noWeight_'+str(epoch_idx+1)+'_'+str(auc_mean)+'.pkl')

    print('training done')
