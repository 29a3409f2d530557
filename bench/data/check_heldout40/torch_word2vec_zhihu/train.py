#encoding:utf-8
import argparse
import torch
import warnings
from torch import optim
from trainer import Fitter
from dataset import SkipGramCorpus
from skip_gram import SkipGram
from logginger import init_logger
from utils import seed_everything
from word2vec_config import configs as cfg
from lrscheduler import StepLr
from trainingmonitor import TrainingMonitor
warnings.filterwarnings("ignore")

# entry point
def run():
    tag = 'word2vec'
    log = init_logger(log_name=tag, log_dir=cfg['log_dir'])
    log.info("seed is %d"%opts['seed'])
    seed_everything(seed = opts['seed'])

    #==================== corpus ====================
    log.info('reading the training corpus')
    corpus   = SkipGramCorpus(has_header  = False,
                                    n_negatives = cfg['negative_sample_num'],
                                    batch_size   = cfg['batch_size'],
                                    context_size  = cfg['window_size'],
                                    corpus_file    = cfg['data_path'],
                                    vocab_file   = cfg['vocab_path'],
                                    max_vocab   = cfg['vocab_size'],
                                    min_count     = cfg['min_freq'],
                                    shuffle      = True,
                                    seed         = opts['seed'],
                                    subsample_t       = cfg['sample']
                                    )

    # ==================== model and optimiser ====================
    log.info("building the model")
    net = SkipGram(embedding_dim = cfg['embedding_dim'],vocab_size = len(corpus.vocab))
    opt = optim.SGD(params = net.parameters(),lr = cfg['learning_rate'])

    # ==================== callbacks ====================
    log.info("setting up callbacks")
    # track the run
    monitor = TrainingMonitor(fig_dir  = cfg['figure_dir'],
                                    json_dir = cfg['log_dir'],
                                    arch     = tag)
    # learning-rate steps
    sched = StepLr(optimizer=opt,
                          init_lr  = cfg['learning_rate'],
                          epochs   = cfg['epochs'])

    # ==================== fit ====================
    log.info('fitting....')
    fitter = Fitter(model            = net,
                      vocab            = corpus.vocab,
                      corpus       = corpus,
                      optimizer        = opt,
                      n_epochs           = cfg['epochs'],
                      log           = log,
                      monitor = monitor,
                      scheduler     = sched,
                      gpus            = cfg['n_gpus'],
                      ckpt_path  = cfg['model_save_path'],
                      vec_path = cfg['pytorch_embedding_path']
                      )
    # print the layout
    fitter.summary()
    # run training
    fitter.train()
    # hand the cached GPU memory back
    if len(cfg['n_gpus']) > 0:
        torch.cuda.empty_cache()

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description='skip-gram word vectors')
    ap.add_argument('-s',
                    '--seed',
                    default=2018,
                    type = int,
                    help = 'random seed')

    ap.add_argument('-r',
                    '--resume',
                    default = False,
                    type = bool,
                    help = 'resume from a checkpoint')
    opts = vars(ap.parse_args())
    run()

