import pprint
RUN_SETTINGS = {
    'corpus' : 'timit_height',
    'task' : 'regression',
    'feats' : 'mel',
    'sr' : 16000,
    'n_frames': 307,
    'bs' : 128, 
    'use_aug' : True,
    'holdout_frac' : 0.1,
    'root' : '/data/timit_features/save_dir',
    'arch' : '2d',
    'use_pretrained' : False,
    'lr' : 1e-3, 
    'n_epochs' : 300,
    'out_dir' : 'output/',
    'weights_file' : 'best_net.pt',
    'tb_dir' : 'output/runs/'
}

if __name__ == "__main__":
    printer = pprint.PrettyPrinter(depth=4)
    printer.pprint(RUN_SETTINGS)