'''
Elastic Weight Consolidation on two sequential MNIST tasks
(original author and year in the source repository)
'''
import os
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'
from ewc_lib.model import Nnet
from ewc_lib.trainer import train_nnet
from ewc_lib.visualise import disp_results


# ----------------------------------------------------------------------------------------
# settings
# ----------------------------------------------------------------------------------------

# experiment settings
cfg = {}
cfg['n_inputs'] = 784
cfg['n_classes'] = 10
cfg['n_hidden'] = 100
cfg['weight_init'] = 1e-5

cfg['n_iters'] = 5000

cfg['lrate'] = 1e-1
cfg['do_ewc'] = True
cfg['ewc_lambda'] = 15
cfg['fim_samples'] = 1000
cfg['mbatch_size'] = 250

cfg['disp_n_steps'] = 100
cfg['verbose'] = True

cfg['task'] = 'permutedMNIST' # or splitMNIST


cfg['device'] = 'CPU'

if cfg['device']=='CPU':
    os.environ['CUDA_VISIBLE_DEVICES'] = '-1'

# ----------------------------------------------------------------------------------------
# run
# ----------------------------------------------------------------------------------------
if __name__ == "__main__":
    out = train_nnet(cfg)
    disp_results(out,cfg['do_ewc'])
