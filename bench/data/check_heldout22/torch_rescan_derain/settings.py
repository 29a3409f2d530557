import os
import logging

feat_ch = 24
n_stages = 4
n_layers = 7 # at least 3
with_se = True 
unit_kind = 'GRU' # one of Conv / RNN / GRU / LSTM
stage_merge = 'Full' # Add or Full

augment_data = False # off to match the published setting

per_batch = 64
patch_side = 64
base_lr = 5e-3

data_root_dir = 'path/to/data/folder'
logs_dir = '../logdir'
preview_dir = '../showdir'
ckpt_model_dir = '../models'

verbosity = 'info'
latest_model_path = os.path.join(ckpt_model_dir, 'latest')
ckpt_every = 400

loader_workers = 8
gpu_count = 1
gpu_index = 0

run_logger = logging.getLogger('train')
run_logger.setLevel(logging.INFO)

console_handler = logging.StreamHandler()
console_handler.setLevel(logging.INFO)

line_format = logging.Formatter('%(asctime)s - %(levelname)s - %(message)s')
console_handler.setFormatter(line_format)
run_logger.addHandler(console_handler)


