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


class Settings:
    rng_seed = 42
    arch_name = 'faster_rcnn'
    use_pretrained = True
    image_w = 480
    image_h = 480
    batch_len = 10
    epoch_count = 20
    fold_count = 5
    train_frac = 0.90
    nms_iou = 0.2
    min_score = 0.5
    run_device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')
    loader_workers = 4
    class_count = 4
    images_dir_path = 'images'        #   folder with the pictures
    annots_dir_path = 'annotations'   #   folder with the VOC xml files
    optimizer_cls = optim.SGD
    optimizer_kwargs = {'lr': 0.005, 'momentum': 0.9, 'weight_decay': 0.0005}
    sched_cls = optim.lr_scheduler.StepLR
    sched_kwargs = {'step_size': 5, 'gamma': 0.1}


class MaskDetectionDataset(Dataset):
    def __init__(self, image_files, annot_files, image_dir, annot_dir, out_w, out_h, augment=None):
        self.augment, self.image_names, self.annot_names = augment, image_files, annot_files
        self.image_root, self.annot_root = image_dir, annot_dir
        self.out_h, self.out_w = out_h, out_w
        #   index 0 is the background class
        self.class_names = [None, 'without_mask','with_mask','mask_weared_incorrect']

    def __getitem__(self, item_idx):
        image_file = self.image_names[item_idx]
        img_path = os.path.join(self.image_root, image_file)                        #   full path of the picture
        image_rgb = cv2.imread(img_path)
        image_rgb = cv2.cvtColor(image_rgb, cv2.COLOR_BGR2RGB).astype(np.float32)               #   BGR -> RGB, as float
        image_resized = cv2.resize(image_rgb, (self.out_w, self.out_h), cv2.INTER_AREA)        #   scale to the configured size
        annot_file_path = os.path.join(self.annot_root, self.annot_names[item_idx])
        box_list, box_labels = [], []
        xml_root = et.parse(annot_file_path).getroot()
        src_h, src_w = image_rgb.shape[0], image_rgb.shape[1]   #   size before resizing
        for obj in xml_root.findall('object'):
            box_labels.append(self.class_names.index(obj.find('name').text))
            x0 = int(obj.find('bndbox').find('xmin').text)
            y0 = int(obj.find('bndbox').find('ymin').text)
            x1 = int(obj.find('bndbox').find('xmax').text)
            y1 = int(obj.find('bndbox').find('ymax').text)
            box_list.append([(x0/(src_w+1))*(self.out_w-1), (y0/(src_h+1))*(self.out_h-1),
                          (x1/(src_w+1))*(self.out_w-1), (y1/(src_h+1))*(self.out_h-1)])
        box_list = torch.as_tensor(box_list, dtype=torch.float32)
        box_area = (box_list[:, 3] - box_list[:, 1]) * (box_list[:, 2] - box_list[:, 0])    #   box areas
        crowd_flags = torch.zeros((box_list.shape[0],), dtype=torch.int64)
        box_labels = torch.as_tensor(box_labels, dtype=torch.int64)
        target_dict = {'boxes': box_list, 'labels': box_labels, 'area': box_area, 'iscrowd': crowd_flags,
                  'image_id': torch.tensor([item_idx])}
        if self.augment:
            aug_out = self.augment(image=image_resized, bboxes=target_dict['boxes'], labels=box_labels)
            image_resized = aug_out['image']
            target_dict['boxes'] = torch.Tensor(aug_out['bboxes'])
        return image_resized, target_dict

    def __len__(self):
        return len(self.image_names)


def batch_collate(batch_items):
    return tuple(zip(*batch_items))


def build_augment(phase_name):
    if phase_name == 'train':
        return A.Compose([A.OneOf([A.Emboss(p=0.5), A.Sharpen(p=0.5)], p=0.5),
                          A.Rotate(p=0.5, limit=[-35, 35]), A.MotionBlur(p=0.3),
                          A.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]), ToTensorV2(p=1.0)],
                         bbox_params={'format': 'pascal_voc', 'label_fields': ['labels'], 'min_visibility': 0.3})
    return A.Compose([A.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]), ToTensorV2(p=1.0)],
                     bbox_params={'format': 'pascal_voc', 'label_fields': ['labels'], 'min_visibility': 0.3})


def run_train_epochs(det_model, loaders_by_phase, tb_writers, sgd_optimizer, out_path, settings, lr_sched=None, best_so_far=float('inf')):
    dev = settings.run_device
    det_model = det_model.to(dev).train()
    lowest_loss = best_so_far
    for epoch_no in range(1, settings.epoch_count + 1):
        print('epoch {:3d}/{}'.format(epoch_no, settings.epoch_count), flush=True)
        for phase_name in ['train', 'valid']:
            with tqdm(total=len(loaders_by_phase[phase_name]), desc=phase_name) as pbar:
                epoch_loss_parts = dict()
                loss_total = 0.0
                for batch_imgs, batch_targets in loaders_by_phase[phase_name]:                      #   one batch
                    batch_imgs  = list(one_img.to(dev) for one_img in batch_imgs)    #   pictures onto the device
                    batch_targets = [{key_: val_.to(dev) for key_, val_ in tgt.items()} for tgt in batch_targets]    #   targets onto the device
                    if phase_name == 'train':
                        loss_parts = det_model(batch_imgs, batch_targets)
                    else:
                        with torch.no_grad():
                            loss_parts = det_model(batch_imgs, batch_targets)
                    batch_loss = sum(part_loss for part_loss in loss_parts.values())       #   add up the detector's loss terms
                    if phase_name == 'train':
                        sgd_optimizer.zero_grad()
                        batch_loss.backward()
                        sgd_optimizer.step()
                    loss_total += batch_loss.item()                             #   running total for the epoch
                    for part_name, part_val in loss_parts.items():
                        if part_name in epoch_loss_parts:
                            epoch_loss_parts[part_name] += part_val
                        else:
                            epoch_loss_parts[part_name] = part_val
                    del batch_imgs, batch_targets, loss_parts, batch_loss
                    torch.cuda.empty_cache()
                    pbar.update(1)
            for tag, part_val in epoch_loss_parts.items():
                tb_writers[phase_name].add_scalar(tag, part_val, epoch_no)
            tb_writers[phase_name].add_scalar('average_loss', loss_total, epoch_no)
            del epoch_loss_parts
        if lr_sched is not None:
            lr_sched.step()
        if loss_total < lowest_loss:
            lowest_loss = loss_total
            torch.save(det_model.state_dict(), '{}/models/{}_model.pth'.format(out_path, settings.arch_name))
    return lowest_loss


def make_fold_loaders(train_x, valid_x, train_y, valid_y, settings):
    train_dataset = MaskDetectionDataset(train_x, train_y, settings.images_dir_path, settings.annots_dir_path, settings.image_w, settings.image_h, augment=build_augment('train'))
    valid_dataset = MaskDetectionDataset(valid_x, valid_y, settings.images_dir_path, settings.annots_dir_path, settings.image_w, settings.image_h, augment=build_augment('valid'))
    fold_train_loader = DataLoader(dataset=train_dataset, batch_size=settings.batch_len, shuffle=True, num_workers=settings.loader_workers, collate_fn=batch_collate)
    fold_valid_loader = DataLoader(dataset=valid_dataset, batch_size=settings.batch_len, shuffle=False, num_workers=settings.loader_workers, collate_fn=batch_collate)
    return {'train': fold_train_loader, 'valid': fold_valid_loader}


def train_all_folds(det_model, x_files, y_pair, out_path, settings):
    splitter = MultilabelStratifiedKFold(n_splits=settings.fold_count, shuffle=True, random_state=settings.rng_seed)
    (y_annot_files, y_label_sets) = y_pair
    best_so_far = float('inf')
    for fold_no, (train_idx, valid_idx) in enumerate(splitter.split(x_files, y_label_sets), start=1):
        tb_writers = {phase_name: SummaryWriter('{}/logs/{}_fold_{}_{}'.format(out_path, settings.arch_name, fold_no, phase_name)) for phase_name in ['train', 'valid']}
        train_x, valid_x = x_files[train_idx], x_files[valid_idx]
        train_y, valid_y = y_annot_files[train_idx], y_annot_files[valid_idx]
        fold_loaders = make_fold_loaders(train_x, valid_x, train_y, valid_y, settings)
        trainable = [prm for prm in det_model.parameters() if prm.requires_grad]
        sgd_optimizer = settings.optimizer_cls(trainable, **settings.optimizer_kwargs)
        lr_sched = settings.sched_cls(sgd_optimizer, **settings.sched_kwargs)
        best_so_far = run_train_epochs(det_model, fold_loaders, tb_writers, sgd_optimizer, out_path, settings, lr_sched, best_so_far)
        torch.save(det_model.state_dict(), '{}/models/{}_fold_{}_model.pth'.format(out_path, settings.arch_name, fold_no))


def build_detector(n_cls, use_pretrained=True):
    det_model = torchvision.models.detection.fasterrcnn_resnet50_fpn(pretrained=use_pretrained) #   torchvision detector
    head_in_features = det_model.roi_heads.box_predictor.cls_score.in_features                   #   width of the box head input
    det_model.roi_heads.box_predictor = FastRCNNPredictor(head_in_features, n_cls)         #   new head for our classes
    return det_model


def filter_prediction(pred_dict, nms_iou_thr, min_score_thr=0):
    kept_idx = ops.nms(pred_dict['boxes'], pred_dict['scores'], nms_iou_thr)
    score_ok = torch.where(pred_dict['scores'] >= min_score_thr)[0]
    keep_mask = torch.Tensor([ 1. if box_i in score_ok else 0. for box_i in kept_idx ])
    kept_idx = torch.nonzero(keep_mask).flatten()
    filtered = pred_dict
    filtered['boxes'] = filtered['boxes'][kept_idx]
    filtered['scores'] = filtered['scores'][kept_idx]
    filtered['labels'] = filtered['labels'][kept_idx]
    return filtered


def filter_prediction_batch(pred_list, nms_iou_thr, min_score_thr=0):
    for i in range(len(pred_list)):
        pred_list[i] = filter_prediction(pred_list[i], nms_iou_thr, min_score_thr)
    return pred_list


def iou_table(det_model, eval_loader, nms_iou_thr, min_score_thr=0):
    dev = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')
    det_model = det_model.to(dev).eval()
    iou_rows_df = pd.DataFrame(columns=['image_id', 'real_class', 'pred_class', 'iou', 'score'])
    with tqdm(total=len(eval_loader), desc='IoU on the test split') as pbar:
        for image_batch, targets_batch in eval_loader:
            image_batch  = list(one_img.to(dev) for one_img in image_batch)
            pred_batch = det_model(image_batch)
            pred_batch = filter_prediction_batch(pred_batch, nms_iou_thr, min_score_thr) # drop overlapping boxes
            pred_batch_cpu = [{key_: val_.cpu().detach() for key_, val_ in tgt.items()} for tgt in pred_batch]
            for target_dict, pred_out in zip(targets_batch, pred_batch_cpu):
                best_iou = torch.max(ops.box_iou(pred_out['boxes'], target_dict['boxes']), dim=1)
                for j in range(len(best_iou.values)):
                    matched_box = best_iou.indices[j] # the ground-truth box this prediction matches
                    iou_rows_df = iou_rows_df.append({'image_id': target_dict['image_id'][0], 'real_class': target_dict['labels'][matched_box],
                                    'pred_class': pred_out['labels'][j], 'score': pred_out['scores'][j],
                                    'iou': best_iou.values[j]}, ignore_index=True)
            del image_batch, targets_batch, pred_batch, pred_batch_cpu
            torch.cuda.empty_cache()
            pbar.update(1)
    return iou_rows_df


np.random.seed(Settings.rng_seed)
annot_df = pd.read_csv(os.path.join(sys.path[0], 'annotation.csv'))
class_names = [None, 'without_mask', 'with_mask', 'mask_weared_incorrect']
image_files = np.array([img_file for img_file in sorted(os.listdir(Settings.images_dir_path))])
annot_files = np.array([ann for ann in sorted(os.listdir(Settings.annots_dir_path))])
label_vectors = []
for img_file in image_files:
    y_names = annot_df[annot_df['file'] == img_file.split('.')[0]]['name'].unique()
    y_multi_hot = np.zeros(len(class_names), dtype=np.uint8)
    for cls_name in y_names:
        y_multi_hot[class_names.index(cls_name)] = 1
    label_vectors.append(y_multi_hot)
train_x, test_x, train_y, test_y, train_label_sets, test_label_sets = train_test_split(image_files, annot_files, label_vectors, test_size=1 - Settings.train_frac, random_state=Settings.rng_seed)

det_model = build_detector(n_cls=Settings.class_count, use_pretrained=Settings.use_pretrained)
run_dir_path = os.path.join(sys.path[0], 'runs', datetime.today().strftime("%d-%m-%y_%H:%M"))
for subdir in ['', 'logs', 'models', 'metrics']:
    os.makedirs(os.path.join(run_dir_path, subdir), exist_ok=True)
try:
    train_all_folds(det_model, train_x, (train_y, train_label_sets), run_dir_path, Settings)
except Exception as err:
    torch.cuda.empty_cache()
    print(err)
gc.collect()

det_model = build_detector(4)
det_model.load_state_dict(torch.load(os.path.join(run_dir_path, 'models', 'faster_rcnn_model.pth')))
test_dataset = MaskDetectionDataset(test_x, test_y, Settings.images_dir_path, Settings.annots_dir_path, Settings.image_w, Settings.image_h, augment=build_augment('test'))
test_batch_loader = DataLoader(dataset=test_dataset, batch_size=Settings.batch_len, shuffle=False, num_workers=Settings.loader_workers, collate_fn=batch_collate)
iou_results_df = iou_table(det_model, test_batch_loader, Settings.nms_iou, Settings.min_score)
iou_results_df.to_csv(os.path.join(run_dir_path, 'metrics', 'iou.csv'))
