
import gc
import pickle
from torch.utils.data import DataLoader
from HomeWork02.Phoneme_Classification.DataSet import *
from HomeWork02.Phoneme_Classification.TrainFunction import *
from Model import *
from Utils.MyDLUtil import *
from pathlib import Path

if __name__ == '__main__':
    os.environ["KMP_DUPLICATE_LIB_OK"] = "TRUE"

    feat_dir = r'/data/libriphone/feat'
    phone_dir = r'/data/libriphone'

    config = {
        'seed': 929,
        'device': 'cuda' if torch.cuda.is_available() else 'cpu',
        'n_epochs': 100,
        'batch_size': 512,
        'optimizer': 'AdamW',
        'optim_hyper_paras': {
            'lr': 1e-04,
        },
        'concat_n_frames': 1,
        'train_ratio': 0.8,
        'hidden_layers': 1,
        'feature_num': 39,
        'hidden_dim': 1024,
        'early_stop': 200,

        'model_save_dir': './outputs/models/',
        'train_save_dir': './outputs/train/',
        'test_save_dir': './outputs/test/',
    }
    print("device:", config['device'])

    same_seed(config['seed'])

    Path(config['model_save_dir']).mkdir(parents=True, exist_ok=True)
    Path(config['train_save_dir']).mkdir(parents=True, exist_ok=True)

    x_train, y_train = preprocess_data(split='train', feat_dir=feat_dir, phone_path=phone_dir,
                                       concat_n_frames=config['concat_n_frames'], train_ratio=config['train_ratio'],
                                       train_val_seed=config['seed'])
    x_valid, y_valid = preprocess_data(split='val', feat_dir=feat_dir, phone_path=phone_dir,
                                       concat_n_frames=config['concat_n_frames'], train_ratio=config['train_ratio'],
                                       train_val_seed=config['seed'])

    input_dim = x_train.shape[1]

    train_set, valid_set = LibriDataset(x_train, y_train), LibriDataset(x_valid, y_valid)

    train_loader = DataLoader(train_set, batch_size=config['batch_size'], shuffle=True)
    valid_loader = DataLoader(valid_set, batch_size=config['batch_size'], shuffle=True)

    del x_train, y_train, x_valid, y_valid
    gc.collect()

    model = DNN(input_dim=input_dim, output_dim=41,
                hidden_layers=config['hidden_layers'],
                hidden_dim=config['hidden_dim']).to(config['device'])

    model_loss_record = train(train_loader, valid_loader, model, config, config['device'])

    plot_learning_curve(model_loss_record, title='DNN', save_dir=config['train_save_dir'])

    with open(config['model_save_dir'] + "config", "wb") as file:
        pickle.dump(config, file)
