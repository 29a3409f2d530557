# source: https://github.com/zoogzog/chexnet/blob/34d29eeee52a620dc274e78932454c6983aee62f/ChexnetTrainer.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import os
import numpy as np
import time
import sys

import torch
import torch.nn as nn
import torch.backends.cudnn as cudnn
import torchvision
import torchvision.transforms as transforms
import torch.optim as optim
import torch.nn.functional as tfunc
from torch.utils.data import DataLoader
from torch.optim.lr_scheduler import ReduceLROnPlateau
import torch.nn.functional as func

from sklearn.metrics.ranking import roc_auc_score

from DensenetModels import DenseNet121
from DensenetModels import DenseNet169
from DensenetModels import DenseNet201
from DatasetGenerator import DatasetGenerator


#--------------------------------------------------------------------------------

class XrayTrainer ():

    #---- fits a densenet on chest x-rays
    #---- imageRoot - folder with the x-ray pictures
    #---- listTrain - text file with (picture, labels) rows for fitting
    #---- listVal - text file with (picture, labels) rows for validation
    #---- archName - 'DENSE-NET-121', 'DENSE-NET-169' or 'DENSE-NET-201'
    #---- usePretrained - start from imagenet weights when True
    #---- numClasses - number of findings
    #---- batchSize - pictures per batch
    #---- maxEpoch - epochs to run
    #---- resizeTo - resize edge (unused here)
    #---- cropTo - crop edge
    #---- runStamp - date/time tag for the checkpoint name
    #---- resumeFrom - checkpoint to continue from, or None

    def train (imageRoot, listTrain, listVal, archName, usePretrained, numClasses, batchSize, maxEpoch, resizeTo, cropTo, runStamp, resumeFrom):


        #-------------------- network
        if archName == 'DENSE-NET-121': net = DenseNet121(numClasses, usePretrained).cuda()
        elif archName == 'DENSE-NET-169': net = DenseNet169(numClasses, usePretrained).cuda()
        elif archName == 'DENSE-NET-201': net = DenseNet201(numClasses, usePretrained).cuda()

        net = torch.nn.DataParallel(net).cuda()

        #-------------------- augmentation
        norm = transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])

        steps = []
        steps.append(transforms.RandomResizedCrop(cropTo))
        steps.append(transforms.RandomHorizontalFlip())
        steps.append(transforms.ToTensor())
        steps.append(norm)
        pipeline=transforms.Compose(steps)

        #-------------------- datasets and loaders
        fitSet = DatasetGenerator(pathImageDirectory=imageRoot, pathDatasetFile=listTrain, transform=pipeline)
        valSet =   DatasetGenerator(pathImageDirectory=imageRoot, pathDatasetFile=listVal, transform=pipeline)

        fitLoader = DataLoader(dataset=fitSet, batch_size=batchSize, shuffle=True,  num_workers=24, pin_memory=True)
        valLoader = DataLoader(dataset=valSet, batch_size=batchSize, shuffle=False, num_workers=24, pin_memory=True)

        #-------------------- optimizer and schedule
        opt = optim.Adam (net.parameters(), lr=0.0001, betas=(0.9, 0.999), eps=1e-08, weight_decay=1e-5)
        sched = ReduceLROnPlateau(opt, factor = 0.1, patience = 5, mode = 'min')

        #-------------------- criterion
        bce = torch.nn.BCELoss(size_average = True)

        #---- resume
        if resumeFrom != None:
            saved = torch.load(resumeFrom)
            net.load_state_dict(saved['state_dict'])
            opt.load_state_dict(saved['optimizer'])


        #---- epochs

        bestLoss = 100000

        for epochNo in range (0, maxEpoch):

            clockTime = time.strftime("%H%M%S")
            clockDate = time.strftime("%d%m%Y")
            startStamp = clockDate + '-' + clockTime

            XrayTrainer.epochTrain (net, fitLoader, opt, sched, maxEpoch, numClasses, bce)
            valLoss, valLossTensor = XrayTrainer.epochVal (net, valLoader, opt, sched, maxEpoch, numClasses, bce)

            clockTime = time.strftime("%H%M%S")
            clockDate = time.strftime("%d%m%Y")
            endStamp = clockDate + '-' + clockTime

            sched.step(valLossTensor.data[0])

            if valLoss < bestLoss:
                bestLoss = valLoss
                torch.save({'epoch': epochNo + 1, 'state_dict': net.state_dict(), 'best_loss': bestLoss, 'optimizer' : opt.state_dict()}, 'ckpt-' + runStamp + '.pth.tar')
                print ('Epoch [' + str(epochNo + 1) + '] [saved] [' + endStamp + '] loss= ' + str(valLoss))
            else:
                print ('Epoch [' + str(epochNo + 1) + '] [-----] [' + endStamp + '] loss= ' + str(valLoss))

    #--------------------------------------------------------------------------------

    def epochTrain (net, loader, opt, sched, epochMax, classCount, bce):

        net.train()

        for batchNo, (pics, labels) in enumerate (loader):

            labels = labels.cuda(non_blocking = True)

            picsVar = torch.autograd.Variable(pics)
            labelsVar = torch.autograd.Variable(labels)
            scores = net(picsVar)

            batchLoss = bce(scores, labelsVar)

            opt.zero_grad()
            batchLoss.backward()
            opt.step()

    #--------------------------------------------------------------------------------

    def epochVal (net, loader, opt, sched, epochMax, classCount, bce):

        net.eval ()

        lossSum = 0
        batchCount = 0

        lossTensorSum = 0

        for i, (pics, labels) in enumerate (loader):

            labels = labels.cuda(non_blocking=True)

            picsVar = torch.autograd.Variable(pics, volatile=True)
            labelsVar = torch.autograd.Variable(labels, volatile=True)
            scores = net(picsVar)

            batchLoss = bce(scores, labelsVar)
            lossTensorSum += batchLoss

            lossSum += batchLoss.data[0]
            batchCount += 1

        meanLoss = lossSum / batchCount
        lossTensorSum = lossTensorSum / batchCount

        return meanLoss, lossTensorSum

    #--------------------------------------------------------------------------------

    #---- per-class area under the ROC curve
    #---- truth - ground-truth labels
    #---- guess - predicted scores
    #---- classCount - number of findings

    def computeAUROC (truth, guess, classCount):

        aucs = []

        truthNp = truth.cpu().numpy()
        guessNp = guess.cpu().numpy()

        for i in range(classCount):
            aucs.append(roc_auc_score(truthNp[:, i], guessNp[:, i]))

        return aucs


    #--------------------------------------------------------------------------------

    #---- evaluates a fitted network with ten-crop averaging
    #---- imageRoot - folder with the x-ray pictures
    #---- listTest - text file with (picture, labels) rows for testing
    #---- weightsPath - checkpoint to load
    #---- archName - 'DENSE-NET-121', 'DENSE-NET-169' or 'DENSE-NET-201'
    #---- numClasses - number of findings
    #---- usePretrained - imagenet initialisation flag
    #---- batchSize - pictures per batch
    #---- resizeTo - resize edge
    #---- cropTo - crop edge
    #---- runStamp - date/time tag

    def test (imageRoot, listTest, weightsPath, archName, numClasses, usePretrained, batchSize, resizeTo, cropTo, runStamp):


        FINDINGS = [ 'Atelectasis', 'Cardiomegaly', 'Effusion', 'Infiltration', 'Mass', 'Nodule', 'Pneumonia',
                'Pneumothorax', 'Consolidation', 'Edema', 'Emphysema', 'Fibrosis', 'Pleural_Thickening', 'Hernia']

        cudnn.benchmark = True

        #-------------------- network and weights
        if archName == 'DENSE-NET-121': net = DenseNet121(numClasses, usePretrained).cuda()
        elif archName == 'DENSE-NET-169': net = DenseNet169(numClasses, usePretrained).cuda()
        elif archName == 'DENSE-NET-201': net = DenseNet201(numClasses, usePretrained).cuda()

        net = torch.nn.DataParallel(net).cuda()

        saved = torch.load(weightsPath)
        net.load_state_dict(saved['state_dict'])

        #-------------------- ten-crop pipeline
        norm = transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])

        #-------------------- dataset and loader
        steps = []
        steps.append(transforms.Resize(resizeTo))
        steps.append(transforms.TenCrop(cropTo))
        steps.append(transforms.Lambda(lambda crops: torch.stack([transforms.ToTensor()(crop) for crop in crops])))
        steps.append(transforms.Lambda(lambda crops: torch.stack([norm(crop) for crop in crops])))
        pipeline=transforms.Compose(steps)

        testSet = DatasetGenerator(pathImageDirectory=imageRoot, pathDatasetFile=listTest, transform=pipeline)
        testLoader = DataLoader(dataset=testSet, batch_size=batchSize, num_workers=8, shuffle=False, pin_memory=True)

        allTruth = torch.FloatTensor().cuda()
        allGuess = torch.FloatTensor().cuda()

        net.eval()

        for i, (pics, labels) in enumerate(testLoader):

            labels = labels.cuda()
            allTruth = torch.cat((allTruth, labels), 0)

            bs, n_crops, c, h, w = pics.size()

            picsVar = torch.autograd.Variable(pics.view(-1, c, h, w).cuda(), volatile=True)

            scores = net(picsVar)
            cropMean = scores.view(bs, n_crops, -1).mean(1)

            allGuess = torch.cat((allGuess, cropMean.data), 0)

        aucs = XrayTrainer.computeAUROC(allTruth, allGuess, numClasses)
        meanAuc = np.array(aucs).mean()

        print ('mean AUROC ', meanAuc)

        for i in range (0, len(aucs)):
            print (FINDINGS[i], ' ', aucs[i])


        return
#--------------------------------------------------------------------------------
