import os

import numpy
import nibabel
import pandas
import torch

from patchify import patchify, unpatchify

# cube settings
CUBE = 64
CUBE_SHAPE = (CUBE, CUBE, CUBE)
CUBE_STEP = CUBE

def store_ckpt(epoch, model, optimizer, loss, directory, filename='model_checkpoint'):
    state = {
        'epoch': epoch + 1,
        'model_state_dict': model.state_dict(),
        'optimizer_state_dict': optimizer.state_dict(),
        'loss': loss,
    }
    target = os.path.join(directory, filename + '.pth.tar')
    torch.save(state, target)
    print(f'\nWeights written to {target}')
    print(f'Net and optimiser stored at epoch {epoch}')
    
def restore_ckpt(model, optimizer, directory, filename='model_checkpoint'):
    source = os.path.join(directory, filename + '.pth.tar')
    if os.path.isfile(source):
        print(f'\nReading weights from {source}')
        state = torch.load(source)
        start_epoch = state['epoch']
        model.load_state_dict(state['model_state_dict'])
        optimizer.load_state_dict(state['optimizer_state_dict'])
        loss = state['loss']
        print(f'Net and optimiser restored, going on from epoch {start_epoch}')
    else:
        print(f'\nNo weights at {source}')
    return start_epoch, model, optimizer, loss

def cut_cubes(image, mask):
    vol_cubes = patchify(image=image, patch_size=CUBE_SHAPE, step=CUBE_STEP) # (256, 256, 192) to (4, 4, 3, 64, 64, 64)
    seg_cubes = patchify(image=mask, patch_size=CUBE_SHAPE, step=CUBE_STEP) # (256, 256, 192) to (4, 4, 3, 64, 64, 64)
    vol_cubes = torch.tensor(numpy.reshape(vol_cubes, (-1, vol_cubes.shape[-3], vol_cubes.shape[-2], vol_cubes.shape[-1]))) # to tensor (48, 64, 64, 64)
    seg_cubes =  torch.tensor(numpy.reshape(seg_cubes, (-1, seg_cubes.shape[-3], seg_cubes.shape[-2], seg_cubes.shape[-1]))) # to tensor (48, 64, 64, 64)
    return vol_cubes, seg_cubes

def join_cubes(concat_prediction):
    concat_prediction = concat_prediction.squeeze(1).cpu().numpy() # (48, 1, 64, 64, 64) tensor to (48, 64, 64, 64) array
    grid = numpy.reshape(concat_prediction, (4, 4, 3, 64, 64, 64)) # to (4, 4, 3, 64, 64, 64)
    whole = unpatchify(grid, (256, 256, 192)) # back to (256, 256, 192)
    return whole

def measure(groundtruth, prediction):
    # both are binary numpy arrays (0., 1.)
    
    # predicted 1 and truly 1
    TP = numpy.sum(numpy.logical_and(prediction == 1, groundtruth == 1))

    # predicted 0 and truly 0
    TN = numpy.sum(numpy.logical_and(prediction == 0, groundtruth == 0))

    # predicted 1 but truly 0
    FP = numpy.sum(numpy.logical_and(prediction == 1, groundtruth == 0))

    # predicted 0 but truly 1
    FN = numpy.sum(numpy.logical_and(prediction == 0, groundtruth == 1))
    
    # accuracy
    accuracy = (TP + TN) / (TP + TN + FP + FN)
    
    # precision
    precision = TP / (TP + FP)
    
    # recall
    sensitivity = TP / (TP + FN)
    
    # true negative rate
    specificity = TN / (TN + FP)
    
    # dice / F1
    f1_score = (2 * TP) / ((2 * TP) + FP + FN)
    
    # one-row table
    row = {
        'TP': [TP],
        'TN': [TN],
        'FP': [FP],
        'FN': [FN],
        'Accuracy': [accuracy],
        'Precision': [precision],
        'Sensitivity': [sensitivity],
        'Specificity': [specificity],
        'F1 Score': [f1_score]
    }
    scores = pandas.DataFrame(row)
    
    return scores

def write_nii(array, saved_name):
    img = nibabel.Nifti1Image(dataobj=array, affine=numpy.eye(4))
    nibabel.save(img, os.path.join('prediction_images', saved_name + '.nii.gz'))

if __name__ == '__main__':
    pass
