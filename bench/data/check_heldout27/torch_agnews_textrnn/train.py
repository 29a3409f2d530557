# entry point: fit and score the BiLSTM

from utils import *
from model import *
from config import Settings
import sys
import torch.optim as optim
from torch import nn
import torch

if __name__=='__main__':
    cfg = Settings()
    train_path = '../data/ag_news.train'
    if len(sys.argv) > 2:
        train_path = sys.argv[1]
    test_path = '../data/ag_news.test'
    if len(sys.argv) > 3:
        test_path = sys.argv[2]
    
    embedding_file = '../data/glove.840B.300d.txt'
    
    news_data = NewsData(cfg)
    news_data.read_splits(embedding_file, train_path, test_path)
    
    # model, optimiser and loss
    ##############################################################
    model = BiLSTMClassifier(cfg, len(news_data.vocab), news_data.embedding_matrix)
    if torch.cuda.is_available():
        model.cuda()
    model.train()
    optimizer = optim.SGD(model.parameters(), lr=cfg.lr)
    nll = nn.NLLLoss()
    model.attach_optimizer(optimizer)
    model.attach_loss(nll)
    ##############################################################
    
    train_loss_log = []
    val_acc_log = []
    
    for i in range(cfg.max_epochs):
        print ("epoch {}".format(i))
        epoch_losses,val_acc = model.fit_one_epoch(news_data.train_iter, news_data.val_iter, i)
        train_loss_log.append(epoch_losses)
        val_acc_log.append(val_acc)

    train_acc = evaluate_accuracy(model, news_data.train_iter)
    val_acc = evaluate_accuracy(model, news_data.val_iter)
    test_acc = evaluate_accuracy(model, news_data.test_iter)

    print ('train accuracy: {:.4f}'.format(train_acc))
    print ('validation accuracy: {:.4f}'.format(val_acc))
    print ('test accuracy: {:.4f}'.format(test_acc))