import collect_paths
import assign_classes
import write_index_csv
import dataset
import trainer_effnet


import numpy as np
import torch


FACE_DIR = '/opt/ml/input/data/train/new_imgs'
#FACE_DIR = '/opt/ml/input/data/train/images'


if __name__ == '__main__':
    print('collecting the picture paths')
    pic_paths = []
    pic_paths = collect_paths.start(FACE_DIR)
    classes = assign_classes.start(pic_paths)
    write_index_csv.start(pic_paths,classes)
    print('index csv written')
    print('building datasets')
    tr_set, va_set = dataset.start()
    print('datasets ready')
    #trainer.start(tr_set,va_set)
    trainer_effnet.start(tr_set,va_set)
    
