import argparse
import copy

from os import listdir, getcwd, mkdir
from os.path import join

import wandb

from datasets import DataFromFolder
from model import AutoEncoder, AutoEncoderAuxiliary
from loss import *
from utils import *

import torch
from torch import nn
import torch.nn.functional as F
from torch import optim
from torch.utils.data import DataLoader

from torchinfo import summary

from tqdm import tqdm

def main() :
    parser = argparse.ArgumentParser()
    parser.add_argument("--project", type = str, required = True)
    parser.add_argument("--modelName", type = str, default = "DAE")
    parser.add_argument("--auxiliaryLoss", action = "store_true")
    parser.add_argument("--SSIMLoss", action = "store_true")
    parser.add_argument("--trainNoisyDir", type = str, required = True)
    parser.add_argument("--trainCleanDir", type = str, required = True)
    parser.add_argument("--validNoisyDir", type = str, required = True)
    parser.add_argument("--validCleanDir", type = str, required = True)
    parser.add_argument("--trainSize", type = int, default = 64)
    parser.add_argument("--validSize", type = int, default = 256)
    parser.add_argument("--imageChannel", type = int, default = 3)
    parser.add_argument("--batchSize", type = int, default = 8)
    parser.add_argument("--epochs", type = int, default = 100)
    parser.add_argument("--lr", type = float, default = 4e-4)
    args = parser.parse_args()

    print(args)

    wandb.init(config = args, resume = "never", project = args.project)

    if args.auxiliaryLoss :
        if args.SSIMLoss :
            args.modelName += "-Aux-L1+SSIM"
        else :
            args.modelName += "-Aux-L1"

    else :
        if args.SSIMLoss :
            args.modelName += "-Vanilla-L1+SSIM"
        else :
            args.modelName += "-Vanilla-L1"
    
    wandb.run.name = args.modelName
        
    setSeed(1)
    if args.auxiliaryLoss :
        model = AutoEncoderAuxiliary(args.imageChannel, args.imageChannel, 64)
    else :
        model = AutoEncoder(args.imageChannel, args.imageChannel, 64)

    setSeed(1)
    trainDataset = DataFromFolder(args.trainNoisyDir, args.trainCleanDir, "train")
    validDataset = DataFromFolder(args.validNoisyDir, args.validCleanDir, "valid")

    trainDataloader = DataLoader(trainDataset, batch_size = args.batchSize, shuffle = True, drop_last = True)
    validDataloader = DataLoader(validDataset, batch_size = args.batchSize, shuffle = False, drop_last = True)

    optimizer = optim.Adam(params = model.parameters(), lr = args.lr, weight_decay = 1e-5)
    
    wandb.watch(model)

    scheduler = optim.lr_scheduler.CosineAnnealingLR(optimizer = optimizer, T_max = args.epochs, eta_min = args.lr * 1e-2)
    
    cudaAvailability = torch.cuda.is_available()
    
    if cudaAvailability :
        if torch.cuda.device_count() > 1 :
            model = nn.DataParallel(model).cuda()
        else :
            model = model.cuda()
    
    summary(model, (args.batchSize, args.imageChannel, args.trainSize, args.trainSize))
    
    if "best_model" not in listdir(getcwd()) :
        mkdir(join(getcwd(), "best_model"))
    if "latest_model" not in listdir(getcwd()) :
        mkdir(join(getcwd(), "latest_model"))
    
    if args.project not in listdir(join(getcwd(), "best_model")) :
        mkdir(join(getcwd(), "best_model", args.project))
    if args.project not in listdir(join(getcwd(), "latest_model")) :
        mkdir(join(getcwd(), "latest_model", args.project))
  
    bestEpoch = 0
    bestPSNR, bestSSIM = 0, 0
    
    for epoch in range(args.epochs) :
        for paramGroup in optimizer.param_groups:
            currentLR = paramGroup["lr"]

        trainBar = tqdm(trainDataloader)

        model.train()

        trainLoss = AverageMeter()
        trainPSNR, trainSSIM = AverageMeter(), AverageMeter()

        for data in trainBar :
            inputs, targets = data

            if cudaAvailability :
                inputs = inputs.cuda()
                targets = targets.cuda()
            
            optimizer.zero_grad()
            
            if args.auxiliaryLoss :
                predsAux, preds = model(inputs)
                
                if args.SSIMLoss :
                    loss = F.l1_loss(predsAux, targets) + F.l1_loss(preds, targets) + SSIMLoss(preds, targets)
                else :
                    loss = F.l1_loss(predsAux, targets) + F.l1_loss(preds, targets)
            else :
                preds = model(inputs)

                if args.SSIMLoss :
                    loss = F.l1_loss(preds, targets) + SSIMLoss(preds, targets)
                else :
                    loss = F.l1_loss(preds, targets)
        
            loss.backward()
            
            optimizer.step()
            
            trainLoss.update(loss.item(), len(inputs))
            
            trainPSNR.update(calcPSNR(preds, targets).item(), len(inputs))
            
            trainSSIM.update(calcSSIM(preds, targets).item(), len(inputs))

            trainBar.set_description(desc=f"[{epoch}/{args.epochs - 1}] [Train] [Loss : {trainLoss.avg:.6f}, PSNR(SR) : {trainPSNR.avg:.6f}, SSIM(SR) : {trainSSIM.avg:.6f}]")

        validBar = tqdm(validDataloader)

        model.eval()
        
        validLoss = AverageMeter()
        validPSNR, validSSIM = AverageMeter(), AverageMeter()

        with torch.no_grad() :
            for data in validBar :
                inputs, targets = data

                if cudaAvailability :
                    inputs = inputs.cuda()
                    targets = targets.cuda()

                if args.auxiliaryLoss :
                    predsAux, preds = model(inputs)
                    
                    if args.SSIMLoss :
                        loss = F.l1_loss(predsAux, targets) + F.l1_loss(preds, targets) + SSIMLoss(preds, targets)
                    else :
                        loss = F.l1_loss(predsAux, targets) + F.l1_loss(preds, targets)
                else :
                    preds = model(inputs)

                    if args.SSIMLoss :
                        loss = F.l1_loss(preds, targets) + SSIMLoss(preds, targets)
                    else :
                        loss = F.l1_loss(preds, targets)

                validLoss.update(loss.item(), len(inputs))
                
                validPSNR.update(calcPSNR(preds, targets).item(), len(inputs))
                
                validSSIM.update(calcSSIM(preds, targets).item(), len(inputs))

                validBar.set_description(desc=f"[{epoch}/{args.epochs - 1}] [Validation] [Loss : {validLoss.avg:.6f}, PSNR(SR) : {validPSNR.avg:.6f}, SSIM(SR) : {validSSIM.avg:.6f}]")

        sampleList = list()

        for i in range(args.batchSize) :
            sampleImage = concatenateImage(
                                  torch.clamp(inputs[i].cpu().squeeze(0), min =0.0, max = 1.0),
                                  torch.clamp(preds[i].cpu().squeeze(0), min =0.0, max = 1.0),
                                  torch.clamp(targets[i].cpu().squeeze(0), min = 0.0, max = 1.0)
                                  )

            sampleList.append(wandb.Image(sampleImage, caption = f"Sample {i + 1}"))

        wandb.log({
            "Learning Rate" : currentLR,
            "Validation PSNR" : validPSNR.avg,
            "Validation SSIM" : validSSIM.avg,
            "Validation Loss" : validLoss.avg,
            "Image Comparison" : sampleList})

        if validPSNR.avg > bestPSNR :
            if torch.cuda.device_count() > 1 :
                bestModel = copy.deepcopy(model.module.state_dict())
            else :
                bestModel = copy.deepcopy(model.state_dict())

            bestPSNR = validPSNR.avg
            bestEpoch = epoch

            torch.save(bestModel, f"best_model/{args.project}/{args.modelName}_best.pth")

        if validSSIM.avg > bestSSIM :
            if torch.cuda.device_count() > 1 :
                bestModel = copy.deepcopy(model.module.state_dict())
            else :
                bestModel = copy.deepcopy(model.state_dict())

            bestSSIM = validSSIM.avg
            bestEpoch = epoch

            torch.save(bestModel, f"best_model/{args.project}/{args.modelName}_best.pth")
            
        if torch.cuda.device_count() > 1 :
            lastestModel = copy.deepcopy(model.module.state_dict())
        else :
            lastestModel = copy.deepcopy(model.state_dict())
        
        torch.save(lastestModel, f"latest_model/{args.project}/{args.modelName}_latest.pth")

        scheduler.step()

    print(f"Best Epoch : {bestEpoch}")
    print(f"Best PSNR : {bestPSNR:.6f}")
    print(f"Best SSIM : {bestSSIM:.6f}")

if __name__ == "__main__" :
    main()