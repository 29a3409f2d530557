import os
import json
import fire
import torch

from Ali_CCP.train import run_all
from Ali_CCP.constants import TRAIN_PATH, TRAIN_CLICKED_PATH, VAL_PATH, TEST_PATH
from Ali_CCP.dataset import make_loader

def launch(cfg_path="Ali_CCP/config.json", **extra):
  os.environ['CUDA_LAUNCH_BLOCKING'] = '1'
  
  # settings from the json file
  cfg = {}
  if cfg_path:
    with open(cfg_path, 'r') as fh:
      cfg.update(json.load(fh))
  cfg.update(extra)
  
  # run settings
  bs = cfg['batch_size']
  gpu_id = cfg['gpu_num']
  dev = f'cuda:{gpu_id}' if torch.cuda.is_available() else 'cpu'

  fit_loader = make_loader(TRAIN_PATH, bs, is_train=True)
  clk_loader = make_loader(TRAIN_CLICKED_PATH, bs, is_train=True)
  v_loader = make_loader(VAL_PATH, bs, is_train=False)
  t_loader = make_loader(TEST_PATH, bs, is_train=False)
  
  # backbone settings
  backbone = cfg["backbone_model"]
  hid_dims = cfg["mlp_dims"]
  drop_p = cfg["dropout"]

  if backbone=='mlp':
    net_cfg = {
      'mlp_dims': hid_dims,
      'dropout': drop_p
    }
    
  elif backbone=='deepfm':
    net_cfg = {
      'mlp_dims': hid_dims,
      'dropout': drop_p,
    }
    
  elif backbone=='autoint':
    net_cfg = {
      'num_heads': 2,
      'num_layers': 2,
      'dropout': drop_p,
    }
    
  elif backbone=='dcnv2':
    net_cfg = {
      'mlp_dims': hid_dims,
      'dropout': drop_p,
      'cross_layer_num': 2
    }
    
  else:
    raise Exception("backbone must be mlp, deepfm, autoint or dcnv2")
  
  cfg['model_config'] = net_cfg
  
  run_all(cfg, fit_loader, clk_loader, v_loader, t_loader, dev)
  
if __name__ == '__main__':
  fire.Fire(launch)