
import torch
from pathlib import Path
import configparser

def load_settings():
    parser = configparser.ConfigParser()
 
    parser.read('config.ini')

    settings_values = {
        'learning_rate': parser.getfloat('PARAMETERS', 'learning_rate'),
        'weight_decay': parser.getfloat('PARAMETERS', 'weight_decay'),
        'momentum': parser.getfloat('PARAMETERS', 'momentum'),
        'batch_size': parser.getint('PARAMETERS', 'batch_size'),
        'num_epochs': parser.getint('PARAMETERS', 'num_epochs')}

    return settings_values

def accuracy_percent(y_true, y_pred):
    hits = torch.eq(y_true, y_pred).sum().item()
    percent = (hits / len(y_pred)) * 100
    return percent

def store_model(model: torch.nn.Module,
               out_dir: str,
               model_file: str):

  model_dir = Path(out_dir)
  model_dir.mkdir(parents=True,
                 exist_ok=True)

  model_save_path = model_dir/model_file

  torch.save(obj=model.state_dict(),
           f=model_save_path)
