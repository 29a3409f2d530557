import os
import sys
import gc
from datetime import datetime
from xml.etree import ElementTree as et

import numpy as np
import pandas as pd
import cv2
import torch
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
import torchvision
import torchvision.ops as ops
from torchvision.models.detection.faster_rcnn import FastRCNNPredictor
import albumentations as A
from albumentations.pytorch import ToTensorV2
from sklearn.model_selection import train_test_split
from iterstrat.ml_stratifiers import MultilabelStratifiedKFold
from torch.utils.tensorboard import SummaryWriter
from tqdm import tqdm


class CFG:
    seed = 42
    model_name = 'faster_rcnn'
    pretrained = True
    img_width = 480
    img_height = 480
    batch_size = 10
    n_epochs = 20
    n_folds = 5
    train_size = 0.90
    nms_thresh = 0.2
    score_threshold = 0.5
    device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')
    num_workers = 4
    num_classes = 4
    imgs_path = 'images'        #   images dir
    msks_path = 'annotations'   #   annotations dir
    optimizer = optim.SGD
    optimizer_dict = {'lr': 0.005, 'momentum': 0.9, 'weight_decay': 0.0005}
    scheduler = optim.lr_scheduler.StepLR
    scheduler_dict = {'step_size': 5, 'gamma': 0.1}


class FaceMaskDataset(Dataset):
    def __init__(self, images, annotations, img_dir, annt_dir, width, height, transforms=None):
        self.transforms, self.imgs, self.ants = transforms, images, annotations
        self.images_dir, self.annotation_dir = img_dir, annt_dir
        self.height, self.width = height, width
        #   class 0 for background
        self.classes = [None, 'without_mask','with_mask','mask_weared_incorrect']

    def __getitem__(self, idx):
        img_name = self.imgs[idx]
        image_path = os.path.join(self.images_dir, img_name)                        #   get the exact image path
        img = cv2.imread(image_path)
        img = cv2.cvtColor(img, cv2.COLOR_BGR2RGB).astype(np.float32)               #   convert to RGB
        img_res = cv2.resize(img, (self.width, self.height), cv2.INTER_AREA)        #   resize to desired size
        annt_file_path = os.path.join(self.annotation_dir, self.ants[idx])
        boxes, labels = [], []
        root = et.parse(annt_file_path).getroot()
        org_h, org_w = img.shape[0], img.shape[1]   #   original width and height of the image
        for member in root.findall('object'):
            labels.append(self.classes.index(member.find('name').text))
            xmin = int(member.find('bndbox').find('xmin').text)
            ymin = int(member.find('bndbox').find('ymin').text)
            xmax = int(member.find('bndbox').find('xmax').text)
            ymax = int(member.find('bndbox').find('ymax').text)
            boxes.append([(xmin/(org_w+1))*(self.width-1), (ymin/(org_h+1))*(self.height-1),
                          (xmax/(org_w+1))*(self.width-1), (ymax/(org_h+1))*(self.height-1)])
        boxes = torch.as_tensor(boxes, dtype=torch.float32)
        area = (boxes[:, 3] - boxes[:, 1]) * (boxes[:, 2] - boxes[:, 0])    #   calculate area of the boxes
        iscrowd = torch.zeros((boxes.shape[0],), dtype=torch.int64)
        labels = torch.as_tensor(labels, dtype=torch.int64)
        target = {'boxes': boxes, 'labels': labels, 'area': area, 'iscrowd': iscrowd,
                  'image_id': torch.tensor([idx])}
        if self.transforms:
            sample = self.transforms(image=img_res, bboxes=target['boxes'], labels=labels)
            img_res = sample['image']
            target['boxes'] = torch.Tensor(sample['bboxes'])
        return img_res, target

    def __len__(self):
        return len(self.imgs)


def collate_fn(batch):
    return tuple(zip(*batch))


def get_transformer(phase):
    if phase == 'train':
        return A.Compose([A.OneOf([A.Emboss(p=0.5), A.Sharpen(p=0.5)], p=0.5),
                          A.Rotate(p=0.5, limit=[-35, 35]), A.MotionBlur(p=0.3),
                          A.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]), ToTensorV2(p=1.0)],
                         bbox_params={'format': 'pascal_voc', 'label_fields': ['labels'], 'min_visibility': 0.3})
    return A.Compose([A.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]), ToTensorV2(p=1.0)],
                     bbox_params={'format': 'pascal_voc', 'label_fields': ['labels'], 'min_visibility': 0.3})


def train_epochs(model, loaders, writers, optimizer, path, config, scheduler=None, prev_loss=float('inf')):
    device = config.device
    model = model.to(device).train()
    best_loss = prev_loss
    for epch in range(1, config.n_epochs + 1):
        print('Epoch {:3d} of {}:'.format(epch, config.n_epochs), flush=True)
        for phase in ['train', 'valid']:
            with tqdm(total=len(loaders[phase]), desc=phase) as progress_bar:
                epoch_losses = dict()
                accum_loss = 0.0
                for imgs, annts in loaders[phase]:                      #   get next batch
                    imgs  = list(img.to(device) for img in imgs)    #   move images to GPU
                    annts = [{k: v.to(device) for k, v in t.items()} for t in annts]    #   move targets to GPU
                    if phase == 'train':
                        loss_dict = model(imgs, annts)
                    else:
                        with torch.no_grad():
                            loss_dict = model(imgs, annts)
                    losses = sum(loss for loss in loss_dict.values())       #   sum total of all batch loseses
                    if phase == 'train':
                        optimizer.zero_grad()
                        losses.backward()
                        optimizer.step()
                    accum_loss += losses.item()                             #   aggregate to get epoch loss at the end
                    for name, val in loss_dict.items():
                        if name in epoch_losses:
                            epoch_losses[name] += val
                        else:
                            epoch_losses[name] = val
                    del imgs, annts, loss_dict, losses
                    torch.cuda.empty_cache()
                    progress_bar.update(1)
            for key, val in epoch_losses.items():
                writers[phase].add_scalar(key, val, epch)
            writers[phase].add_scalar('average_loss', accum_loss, epch)
            del epoch_losses
        if scheduler is not None:
            scheduler.step()
        if accum_loss < best_loss:
            best_loss = accum_loss
            torch.save(model.state_dict(), '{}/models/{}_model.pth'.format(path, config.model_name))
    return best_loss


def get_dataloaders(x_train, x_valid, y_train, y_valid, config):
    trainset = FaceMaskDataset(x_train, y_train, config.imgs_path, config.msks_path, config.img_width, config.img_height, transforms=get_transformer('train'))
    validset = FaceMaskDataset(x_valid, y_valid, config.imgs_path, config.msks_path, config.img_width, config.img_height, transforms=get_transformer('valid'))
    train_loader = DataLoader(dataset=trainset, batch_size=config.batch_size, shuffle=True, num_workers=config.num_workers, collate_fn=collate_fn)
    valid_loader = DataLoader(dataset=validset, batch_size=config.batch_size, shuffle=False, num_workers=config.num_workers, collate_fn=collate_fn)
    return {'train': train_loader, 'valid': valid_loader}


def train_folds(model, x, y, path, config):
    kfold = MultilabelStratifiedKFold(n_splits=config.n_folds, shuffle=True, random_state=config.seed)
    (y_annts, y_labels) = y
    prev_loss = float('inf')
    for fold, (train_index, valid_index) in enumerate(kfold.split(x, y_labels), start=1):
        writers = {phase: SummaryWriter('{}/logs/{}_fold_{}_{}'.format(path, config.model_name, fold, phase)) for phase in ['train', 'valid']}
        x_train, x_valid = x[train_index], x[valid_index]
        y_train, y_valid = y_annts[train_index], y_annts[valid_index]
        dataloaders = get_dataloaders(x_train, x_valid, y_train, y_valid, config)
        params = [p for p in model.parameters() if p.requires_grad]
        optimizer = config.optimizer(params, **config.optimizer_dict)
        scheduler = config.scheduler(optimizer, **config.scheduler_dict)
        prev_loss = train_epochs(model, dataloaders, writers, optimizer, path, config, scheduler, prev_loss)
        torch.save(model.state_dict(), '{}/models/{}_fold_{}_model.pth'.format(path, config.model_name, fold))


def get_model(num_classes, pretrained=True):
    model = torchvision.models.detection.fasterrcnn_resnet50_fpn(pretrained=pretrained) #   get model
    in_features = model.roi_heads.box_predictor.cls_score.in_features                   #   get input size of last layer
    model.roi_heads.box_predictor = FastRCNNPredictor(in_features, num_classes)         #   regenerate the last layer
    return model


def get_pred_by_threshold(preds, nms_threshold, score_treshold=0):
    keep = ops.nms(preds['boxes'], preds['scores'], nms_threshold)
    keep_score = torch.where(preds['scores'] >= score_treshold)[0]
    mask = torch.Tensor([ 1. if x in keep_score else 0. for x in keep ])
    keep = torch.nonzero(mask).flatten()
    final_prediction = preds
    final_prediction['boxes'] = final_prediction['boxes'][keep]
    final_prediction['scores'] = final_prediction['scores'][keep]
    final_prediction['labels'] = final_prediction['labels'][keep]
    return final_prediction


def get_pred_by_threshold_batch(preds, nms_threshold, score_treshold=0):
    for i in range(len(preds)):
        preds[i] = get_pred_by_threshold(preds[i], nms_threshold, score_treshold)
    return preds


def get_iou_as_df(model, loader, nms_thresh, score_threshold=0):
    device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')
    model = model.to(device).eval()
    df = pd.DataFrame(columns=['image_id', 'real_class', 'pred_class', 'iou', 'score'])
    with tqdm(total=len(loader), desc='evaluating IoU') as progress_bar:
        for img_batch, target_batch in loader:
            img_batch  = list(img.to(device) for img in img_batch)
            output_batch = model(img_batch)
            output_batch = get_pred_by_threshold_batch(output_batch, nms_thresh, score_threshold) # remove duplicated boxes
            output_batch_cpu = [{k: v.cpu().detach() for k, v in t.items()} for t in output_batch]
            for target, output in zip(target_batch, output_batch_cpu):
                ious = torch.max(ops.box_iou(output['boxes'], target['boxes']), dim=1)
                for idx in range(len(ious.values)):
                    id_real_bbox = ious.indices[idx] # to which target box this prediction related
                    df = df.append({'image_id': target['image_id'][0], 'real_class': target['labels'][id_real_bbox],
                                    'pred_class': output['labels'][idx], 'score': output['scores'][idx],
                                    'iou': ious.values[idx]}, ignore_index=True)
            del img_batch, target_batch, output_batch, output_batch_cpu
            torch.cuda.empty_cache()
            progress_bar.update(1)
    return df


np.random.seed(CFG.seed)
df = pd.read_csv(os.path.join(sys.path[0], 'annotation.csv'))
classes = [None, 'without_mask', 'with_mask', 'mask_weared_incorrect']
images = np.array([img for img in sorted(os.listdir(CFG.imgs_path))])
annotates = np.array([ant for ant in sorted(os.listdir(CFG.msks_path))])
labels_encode = []
for img in images:
    y_decode = df[df['file'] == img.split('.')[0]]['name'].unique()
    y_encode = np.zeros(len(classes), dtype=np.uint8)
    for cl in y_decode:
        y_encode[classes.index(cl)] = 1
    labels_encode.append(y_encode)
x_train, x_test, y_train, y_test, l_train, l_test = train_test_split(images, annotates, labels_encode, test_size=1 - CFG.train_size, random_state=CFG.seed)

model = get_model(num_classes=CFG.num_classes, pretrained=CFG.pretrained)
run_path = os.path.join(sys.path[0], 'runs', datetime.today().strftime("%d-%m-%y_%H:%M"))
for sub in ['', 'logs', 'models', 'metrics']:
    os.makedirs(os.path.join(run_path, sub), exist_ok=True)
try:
    train_folds(model, x_train, (y_train, l_train), run_path, CFG)
except Exception as ex:
    torch.cuda.empty_cache()
    print(ex)
gc.collect()

model = get_model(4)
model.load_state_dict(torch.load(os.path.join(run_path, 'models', 'faster_rcnn_model.pth')))
testset = FaceMaskDataset(x_test, y_test, CFG.imgs_path, CFG.msks_path, CFG.img_width, CFG.img_height, transforms=get_transformer('test'))
test_loader = DataLoader(dataset=testset, batch_size=CFG.batch_size, shuffle=False, num_workers=CFG.num_workers, collate_fn=collate_fn)
iou_df = get_iou_as_df(model, test_loader, CFG.nms_thresh, CFG.score_threshold)
iou_df.to_csv(os.path.join(run_path, 'metrics', 'iou.csv'))
