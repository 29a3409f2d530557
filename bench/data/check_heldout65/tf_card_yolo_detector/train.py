
import model.model as m
import utilities.load_dataset as ld
import config.dataset_config as cd
import os
import numpy as np
import tensorflow as tf
import config.config as cfg

data_dir = os.path.join(cd.dataset_folder, cd.training_folder)

pics = ld.load_dataset(data_dir)
grids = ld.load_all_labels(data_dir, True)

pics = pics / 255.

detector = m.yolo_model(cfg.yolo_grids, cfg.anchor_box_count, 1)

detector.print_summary()

detector.fit(pics, grids)
