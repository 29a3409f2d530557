import os
import numpy as np
import torch
from torch.utils.data import Dataset, DataLoader
from PIL import Image
import torchvision
from torchvision.models.detection.faster_rcnn import FastRCNNPredictor
from torchvision.models.detection.mask_rcnn import MaskRCNNPredictor
from torchvision.models.detection import FasterRCNN
from torchvision.models.detection.rpn import AnchorGenerator,RPNHead
import torchvision.transforms as T 
from torch.utils.data.dataloader import default_collate
from tqdm import tqdm 
from config import device
from torch import nn
from maskrcnn import MaskRCNN_mobile_model
import matplotlib.pyplot as plt 

to_tensor_tf = T.Compose([
    T.ToTensor(),
    #T.Normalize(mean=[0.5,0.5,0.5],std=[0.5,0.5,0.5]),
    #T.Resize(300),
    #T.CenterCrop(300)
])

#keep variable-size samples as tuples
def tuple_collate(batch):
    return tuple(zip(*batch))

class PedestrianSet(object):
    def __init__(self, root):
        self.root = root
        self.img_names = list(sorted(os.listdir(os.path.join(root, "PNGImages"))))
        self.mask_names = list(sorted(os.listdir(os.path.join(root, "PedMasks"))))

    def __getitem__(self, i):
        img_file = os.path.join(self.root, "PNGImages", self.img_names[i])
        mask_file = os.path.join(self.root, "PedMasks", self.mask_names[i])
        pic = Image.open(img_file).convert("RGB")
        inst = Image.open(mask_file)
        inst = np.array(inst)
       
        ids = np.unique(inst)
        ids = ids[1:]

        per_obj = inst == ids[:, None, None]
        n_obj = len(ids)
        bxs = []
        for j in range(n_obj):
            where = np.where(per_obj[j])
            x_lo = np.min(where[1])
            x_hi = np.max(where[1])
            y_lo = np.min(where[0])
            y_hi = np.max(where[0])
            bxs.append([x_lo, y_lo, x_hi, y_hi])

        bxs = torch.as_tensor(bxs, dtype=torch.float32)
        cls = torch.ones((n_obj,), dtype=torch.int64)
        per_obj = torch.as_tensor(per_obj, dtype=torch.uint8)

        img_id = torch.tensor([i])
        areas = (bxs[:, 3] - bxs[:, 1]) * (bxs[:, 2] - bxs[:, 0])
        crowd = torch.zeros((n_obj,), dtype=torch.int64)

        tgt = {}
        tgt["boxes"] = bxs
        tgt["labels"] = cls
        tgt["masks"] = per_obj
        tgt["image_id"] = img_id
        tgt["area"] = areas
        tgt["iscrowd"] = crowd

        pic = to_tensor_tf(pic)

        return pic, tgt

    def __len__(self):
        return len(self.img_names)

def run_epoch(net, opt, loader):
    net.train()
    ep_sum = 0
    for imgs, tgts in tqdm(loader):
        imgs = list(im.to(device) for im in imgs)
        tgts = [{k: v.to(device) for k, v in t.items()} for t in tgts]

        parts = net(imgs, tgts)

        #print(parts)
        total = sum(p for p in parts.values())

        opt.zero_grad()
        total.backward()
        opt.step()

        ep_sum += total.item()
    return ep_sum

#net = torchvision.models.detection.fasterrcnn_resnet50_fpn(pretrained=True)

anchors = AnchorGenerator(sizes=((32, 64, 128, 256, 512),),aspect_ratios=((0.5, 1.0, 2.0),))
roi_align = torchvision.ops.MultiScaleRoIAlign(featmap_names=[0],output_size=7,sampling_ratio=2)
#net = FasterRCNN(backbone,num_classes=2,rpn_anchor_generator=anchors,box_roi_pool=roi_align)

#start from COCO Mask R-CNN, swap the box and mask predictors for our class count
def build_seg_net(n_classes,hidden=256):
    
    net = torchvision.models.detection.maskrcnn_resnet50_fpn(pretrained=True)
    feat_in = net.roi_heads.box_predictor.cls_score.in_features
    net.roi_heads.box_predictor = FastRCNNPredictor(feat_in, n_classes)
    mask_in = net.roi_heads.mask_predictor.conv5_mask.in_channels
    net.roi_heads.mask_predictor = MaskRCNNPredictor(mask_in,hidden,n_classes)
    return net

n_classes = 2
#net = build_seg_net(n_classes)
#print(net)
net = MaskRCNN_mobile_model
net.to(device)

peds = PedestrianSet('/datasets/PennFudan/PennFudanPed')
pic, _ = peds[0]
net.eval()
with torch.no_grad():
    out = net([pic.to(device)])
#print(out)

trainable = [p for p in net.parameters() if p.requires_grad]
opt = torch.optim.Adam(trainable, lr=0.005)

#tuple_collate handles variable-size targets
loader = DataLoader(peds, batch_size=1, shuffle=True, collate_fn=tuple_collate)  

def preview(net,peds,out_png):
    net.eval()
    pic, _ = peds[0]
    with torch.no_grad():
        out = net([pic.to(device)])
    plt.figure()
    plt.clf()
    plt.subplot(1,3,1)
    pic = pic.mul(255).permute(1, 2, 0).byte().numpy()
    plt.imshow(pic)
    plt.axis('off')

    plt.subplot(1,3,2)
    m = out[0]['masks'][0, 0].mul(255).byte().cpu().numpy()
    print(m.shape)
    plt.imshow(m,cmap='gray')
    plt.axis('off')

    plt.savefig(out_png)
    plt.close()
    
for ep in range(100):
    ep_loss = run_epoch(net,opt,loader)
    print('epoch',ep,'loss',ep_loss)
    preview(net,peds,'dump/'+str(ep) + '.png')
    



