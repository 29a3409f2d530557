#runs one training of the keypoint network
def run_training(hparams):
    from torch.utils.tensorboard import SummaryWriter
    from datetime import datetime
    from torch.utils.data import DataLoader
    import torch
    from torchvision import transforms
    import pathlib
    from dataset import FaceKeypointTable
    from model import KeypointNet
    import os

 
    #train and validation tables
    tfm=transforms.Compose([transforms.ToTensor()])
    fit_set=FaceKeypointTable(train=True,val=False,test=False,remake_file=True,transform=tfm)
    check_set=FaceKeypointTable(train=False,val=True,test=False,remake_file=False,transform=tfm)
    print("training rows:", len(fit_set))
    print("validation rows:", len(check_set))
    fit_loader = DataLoader(fit_set, batch_size=hparams["batch_size"])
    check_loader = DataLoader(check_set, batch_size=hparams["batch_size"])
    opt_tag="adadelta"

    #network
    dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
    print("device:" ,dev)
    net = KeypointNet(hparams)
    net=net.to(dev)

    #loss trackers
    fit_loss=0
    check_loss=0

    
    #initial weights
    def set_weights(m):
        if type(m) == torch.nn.Linear:
            torch.nn.init.kaiming_normal_(m.weight,nonlinearity='leaky_relu')
            m.bias.data.fill_(0.01)
            
        if type(m)== torch.nn.Conv2d:
            torch.nn.init.xavier_normal_(m.weight)
          
    net=net.apply(set_weights)

    #optimiser and loss
    opt=torch.optim.Adadelta(net.parameters())
    mse=torch.nn.MSELoss()

    
    #tensorboard
    run_dir = "logs/" + datetime.now().strftime("%Y%m%d-%H%M%S")
    run_dir = "logs/" + "p"+str(hparams["droupout_p"])+"epoch"+str(hparams["epochs"])+opt_tag
    print("log folder ",run_dir)
    board = SummaryWriter(run_dir)
    print("training starts")
    
    #epochs
    n_epochs=hparams["epochs"]
    for ep in range(n_epochs):
        
        net.train()
        for i,batch in enumerate(fit_loader,0):
            
            #batch to the device
            pics=batch["image"]
            pts=batch["keypoints"]
            pts=pts.view(-1,6)
            pts=pts.type(dtype=torch.float)
            pics=pics.type(dtype=torch.float)
            pics=pics.to(dev)
            pts=pts.to(dev)
            
            opt.zero_grad()
            out=net(pics.float()).float()
            err=mse(out,pts)
            fit_loss=err.item()
            err.backward()
            opt.step()
            
        
      
        fit_loss=fit_loss
        
        
        board.add_scalar('Training loss',fit_loss,ep)
        
        #validation
        net.eval()
        with torch.no_grad():
            for i,batch_val in enumerate(check_loader,0):
                pics_val=batch_val["image"]
                pics_val=pics_val.to(dev)
                pts_val=batch_val["keypoints"]
                pts_val=pts_val.view(-1,6) 
                pts_val=pts_val.to(dev)
                out_val=net(pics_val)
                err_val=mse(out_val,pts_val)
                check_loss=err_val.item()
                

        
        check_loss=check_loss
        board.add_scalar('Validation loss',
                                    check_loss,
                                ep )

            
        
        print("[Epoch %d]" % (ep+1) , "fit loss" ,'{0:1.4e}'.format(fit_loss), " check loss " ,'{0:1.4e}'.format(check_loss))
        
    print("training finished")  

    #save the weights  
    out_root=pathlib.Path().absolute()
    weights_name="p="+str(hparams["droupout_p"])+"epoch="+str(hparams["epochs"])+opt_tag
    weights_path=os.path.join(out_root,"Models" ,weights_name)
    print("weights file " ,weights_name)
    torch.save(net.state_dict(), weights_path)
    print("weights saved")
