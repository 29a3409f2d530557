import os
from distutils.dir_util import copy_tree

import numpy
import pandas
import torch
import torch.nn as nn
import torch.optim as optim
import torch.utils.data as td
from monai.data import DataLoader

from tqdm.auto import tqdm

from nfbs_data import subject_at, build_loaders
from net import UNet
from volume_tools import store_ckpt, restore_ckpt, cut_cubes, join_cubes, measure, write_nii

# settings
DEV = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
ROOT_DIR = 'NFBS_Dataset_TVT'
FIT_IMG_SUB = 'train_images'
FIT_MASK_SUB = 'train_masks' 
VAL_IMG_SUB = 'val_images' 
VAL_MASK_SUB = 'val_masks'
EPOCHS = 10
SUBJECTS_PER_BATCH = 1 # must stay 1: one head scan is read per step
CUBES_PER_BATCH = 4
AUGMENT = False
LR = 1e-4

# run-wide switches
RESUME = False
aug_tag = '_aug' if AUGMENT else ''
run_name = f'cb{CUBES_PER_BATCH}{aug_tag}'
resume_name = f'{run_name}_epoch2'
ckpt_dir = f'{run_name}/checkpoints'
out_dir = f'{run_name}/results'
stats_dir = f'{run_name}/statistics'
scores_csv = f'{stats_dir}/{run_name}_scores.csv'
loss_csv = f'{stats_dir}/{run_name}_loss.csv'
top_acc = 0
top_f1 = 0
score_table = pandas.DataFrame()
loss_history = numpy.array([])
BAR_FMT = '{desc:28} {percentage:3.0f}%|{bar:50}{r_bar}'
BAR_OFF = False
BAR_OPTS = {'leave': False, 'bar_format': BAR_FMT, 'disable': BAR_OFF}

def fit_one_epoch(fit_loader, net, opt, criterion, grad_scaler, ep):
    
    # shared state
    global loss_history
    
    # each item is one whole subject volume of (256, 256, 192)
    subj_bar = tqdm(fit_loader, position=1, **BAR_OPTS)
    for subj_idx, sample in enumerate(subj_bar):
        
        # bar text
        subj_bar.set_description(f'Fit subject {subj_idx}')
        
        # numpy volumes to cut
        vol = sample['image'].squeeze(0).squeeze(0).numpy() # (1, 1, 256, 256, 192) tensor to (256, 256, 192) array
        seg = sample['mask'].squeeze(0).squeeze(0).numpy() # (1, 1, 256, 256, 192) tensor to (256, 256, 192) array

        # cut into cubes
        cubes_vol, cubes_seg = cut_cubes(image=vol, mask=seg)
        
        # wrap the cubes of this subject in a loader
        cube_set = td.TensorDataset(cubes_vol, cubes_seg) # (48, 64, 64, 64) twice
        cube_loader = DataLoader(cube_set, batch_size=CUBES_PER_BATCH)
        
        # the 48 cubes of one subject, a few at a time
        cube_bar = tqdm(cube_loader, position=2, **BAR_OPTS)
        for cube_idx, (cubes_vol, cubes_seg) in enumerate(cube_bar):
            
            # bar text
            cube_bar.set_description(f'Cube batch {cube_idx}')
            
            # channel axis and device
            cubes_vol = cubes_vol.float().unsqueeze(1).to(device=DEV) # (b, 64, 64, 64) to (b, 1, 64, 64, 64)
            cubes_seg = cubes_seg.float().unsqueeze(1).to(device=DEV) # (b, 64, 64, 64) to (b, 1, 64, 64, 64)
            
            # half precision forward
            with torch.cuda.amp.autocast():        
                opt.zero_grad()
                cubes_out = net(cubes_vol) # (b, 1, 64, 64, 64)
            
            # backward
            step_loss = criterion(cubes_out, cubes_seg)
            grad_scaler.scale(step_loss).backward()
            
            # update
            grad_scaler.step(opt)
            grad_scaler.update()
        
        # bar text
        subj_bar.set_postfix(loss=step_loss.item())
    
    # record the last loss of the epoch
    loss_history = numpy.append(loss_history, step_loss.item())
    numpy.savetxt(loss_csv, loss_history, delimiter=',')
    
    # store weights
    store_ckpt(epoch=ep, model=net, optimizer=opt, loss=criterion, directory=ckpt_dir, filename=f'{run_name}_epoch{ep}')

def check_one_epoch(val_loader, net, opt, criterion, ep):
    
    # shared state
    global score_table, top_acc, top_f1
    per_subject_scores = pandas.DataFrame()
    
    net.eval()
    with torch.no_grad():
    
        # each item is one whole subject volume of (256, 256, 192)
        subj_bar = tqdm(val_loader, position=1, **BAR_OPTS)
        for subj_idx, sample in enumerate(subj_bar):
            
            # gathers the cube predictions of this subject
            joined_pred = torch.tensor([]).to(device=DEV)
            
            # bar text
            subj_bar.set_description(f'Check subject {subj_idx}')
            
            # numpy volumes to cut
            vol = sample['image'].squeeze(0).squeeze(0).numpy() # (1, 1, 256, 256, 192) tensor to (256, 256, 192) array
            seg = sample['mask'].squeeze(0).squeeze(0).numpy() # (1, 1, 256, 256, 192) tensor to (256, 256, 192) array

            # cut into cubes
            cubes_vol, cubes_seg = cut_cubes(image=vol, mask=seg)
            
            # wrap the cubes of this subject in a loader
            cube_set = td.TensorDataset(cubes_vol, cubes_seg) # (48, 64, 64, 64) twice
            cube_loader = DataLoader(cube_set, batch_size=CUBES_PER_BATCH)
            
            # the 48 cubes of one subject, a few at a time
            cube_bar = tqdm(cube_loader, position=2, **BAR_OPTS)
            for cube_idx, (cubes_vol, cubes_seg) in enumerate(cube_bar):
                
                # bar text
                cube_bar.set_description(f'Cube batch {cube_idx}')
               
                # channel axis and device
                cubes_vol = cubes_vol.float().unsqueeze(1).to(device=DEV) # (b, 64, 64, 64) to (b, 1, 64, 64, 64)
                cubes_seg = cubes_seg.float().unsqueeze(1).to(device=DEV) # (b, 64, 64, 64) to (b, 1, 64, 64, 64)

                # predict
                cubes_out = torch.sigmoid(net(cubes_vol)) # (b, 1, 64, 64, 64)
                cubes_out = (cubes_out > 0.5).float() # binary (0., 1.) of the same shape
                
                # append to the subject's cubes for rebuilding the volume
                joined_pred = torch.cat([joined_pred, cubes_out], dim=0) # grows to (48, 1, 64, 64, 64)
                        
            # cubes back into one volume
            whole_pred = join_cubes(concat_prediction=joined_pred)
            
            # write the volume as *.nii.gz
            subj = subject_at(dataset_dir=ROOT_DIR, image_folder_dir=VAL_IMG_SUB, batch_index=subj_idx)
            pred_name = f'{subj}_pred_brainmask'
            write_nii(array=whole_pred, saved_name=pred_name)
            
            # scores of this subject
            subj_score = measure(groundtruth=seg, prediction=whole_pred)
            per_subject_scores = pandas.concat([per_subject_scores, subj_score], ignore_index=True)
    
    # epoch scores come from
    # 1) summed confusion counts (TP, TN, FP, FN)
    # 2) mean of the metrics (Accuracy, Precision, Sensitivity, Specificity, F1 Score)
    summed_counts = pandas.DataFrame(per_subject_scores[['TP', 'TN', 'FP', 'FN']].sum()).T
    mean_metrics = pandas.DataFrame(per_subject_scores[['Accuracy', 'Precision', 'Sensitivity', 'Specificity', 'F1 Score']].mean()).T
    epoch_row = pandas.concat([summed_counts, mean_metrics], axis=1, ignore_index=False)
    score_table = pandas.concat([score_table, epoch_row], ignore_index=True)
    
    # keep the best weights by accuracy and by F1, and copy their predictions
    last_acc = score_table['Accuracy'].iloc[-1]
    if last_acc >= top_acc:
        top_acc = last_acc
        store_ckpt(epoch=ep, model=net, optimizer=opt, loss=criterion, directory=ckpt_dir, filename=f'{run_name}_best_accuracy')
        copy_tree(src='prediction_images', dst=f'{out_dir}/best_accuracy')
    
    last_f1 = score_table['F1 Score'].iloc[-1]
    if last_f1 >= top_f1:
        top_f1 = last_f1
        store_ckpt(epoch=ep, model=net, optimizer=opt, loss=criterion, directory=ckpt_dir, filename=f'{run_name}_best_f1_score')
        copy_tree(src='prediction_images', dst=f'{out_dir}/best_f1_score')
    
    # copy this epoch's predictions
    copy_tree(src='prediction_images', dst=f'{out_dir}/epoch_{ep}')
        
    # write the score history
    score_table.to_csv(scores_csv)
    
def run_all_epochs():
    
    global score_table, loss_history
    
    if os.path.exists(run_name):
        if os.path.exists(scores_csv):
            score_table = pandas.read_csv(scores_csv, index_col=0)
            loss_history = numpy.loadtxt(loss_csv, delimiter=',')
    else:
        # folders for this run's outputs
        os.makedirs(ckpt_dir)
        os.makedirs(out_dir)
        os.makedirs(stats_dir)
    
    # loaders
    fit_loader, val_loader = build_loaders(
        dataset_dir=ROOT_DIR, 
        train_image_folder_dir=FIT_IMG_SUB, 
        train_mask_folder_dir=FIT_MASK_SUB, 
        val_image_folder_dir=VAL_IMG_SUB, 
        val_mask_folder_dir=VAL_MASK_SUB,
        data_augmentation=AUGMENT, 
        dataset_batch_size=SUBJECTS_PER_BATCH
    )

    # single-class 3-D U-Net
    net = UNet(in_channels=1, out_channels=1).to(device=DEV)
    
    # logits loss for binary masks
    criterion = nn.BCEWithLogitsLoss()
    
    # Adam
    opt = optim.Adam(params=net.parameters(), lr=LR)
    
    # grad scaler for mixed precision
    grad_scaler = torch.cuda.amp.GradScaler()    
    
    # resume from a checkpoint when asked
    first_ep = 0
    if RESUME:
        first_ep, net, opt, criterion = restore_ckpt(model=net, optimizer=opt, directory=ckpt_dir, filename=resume_name)
    
    # the fit/check cycle
    # runs EPOCHS times
    net.train()
    ep_bar = tqdm(range(first_ep, EPOCHS), position=0, **BAR_OPTS)
    for ep in ep_bar:
        
        # bar text
        ep_bar.set_description(f'Epoch {ep}')
        
        # fit 
        fit_one_epoch(fit_loader=fit_loader, net=net, opt=opt, criterion=criterion, grad_scaler=grad_scaler, ep=ep)

        # check
        check_one_epoch(val_loader=val_loader, net=net, opt=opt, criterion=criterion, ep=ep)
        
if __name__ == '__main__':
    run_all_epochs()
