# One hospital node: pull the aggregated model, train locally on chest X-rays, push it back.
import config
import json
import os
from dataloader import getNumSamples, getTrainLoader, getTestLoader
from httpcalls import getConnection, getModel, sendModel
from modelloader import loadModel, createRandomInitializedModel
import torch
from torch import optim
import train
import log
from checks import checkModelEqual
from test import test
args = config.getArguments()
NumOfSamples = getNumSamples(args)
args['no_of_samples'] = NumOfSamples

agg_url = args['agg_ip']+':'+args['agg_port']
agg_url = 'http://' + agg_url

serverargs = getConnection(agg_url, args)
local_agg_epoch = serverargs['current_agg_epoch']
args['image_dim'] = serverargs['image_dim']
args['architecture'] = serverargs['architecture']
model_path = os.path.join(args['model_location'], args['node_name']+'.pt')

if args['wandb'] == True:
    logger = log.initialize_wandb(args['node_name'])
else:
    logger = None


while(True):
    getModel(agg_url, model_path, local_agg_epoch)
    
    train_loader = getTrainLoader(args)
    test_loader = getTestLoader(args)
    local_model = loadModel(model_path).to(args['device'])
    
    agg_model = torch.load('../../aggregated_model/agg_model.pt').to(args['device'])
    print("ModelCheck: ", checkModelEqual(local_model, agg_model))
    
    optimizer = optim.Adam(local_model.parameters(), lr=args['lr'])
    for epoch in range(1, args['epochs'] + 1):
        if args['byzantine'] == 'FAIL':
            local_model = createRandomInitializedModel(args).to(args['device'])
        else:
            train.train(logger=logger ,\
                args=args, model=local_model,
                train_loader=train_loader,
                optimizer=optimizer, epoch=epoch)
        print("Train Performance:")
        test(args, local_model, train_loader, logger=None)
        print("Test Performance:")
        test(args, local_model, test_loader, logger=None)
        
    torch.save(local_model, model_path)
    sendModel(agg_url, model_path, args)
    local_agg_epoch+=1
