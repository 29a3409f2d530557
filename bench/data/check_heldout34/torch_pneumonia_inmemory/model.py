import torch
from torch.nn import Linear, Conv2d, ReLU, Sigmoid, AvgPool2d, Flatten
from device import target_device
class XrayNet(torch.nn.Module):

    def __init__(self):
        super().__init__()
        self.criterion = torch.nn.BCELoss()
        
        self.features_net = torch.nn.Sequential(
            Conv2d(1,64, 3, padding="same"),
            ReLU(),
            Conv2d(64,64, 3, padding="same"),
            ReLU(),
            AvgPool2d((2,2)),
            Conv2d(64,128, 3,padding="same"),
            ReLU(),
            Conv2d(128,128, 3,padding="same"),
            ReLU(),
            AvgPool2d((2,2)),
            Conv2d(128,128, 1,padding="same"),
            ReLU(),
            
        )
        
        self.head = torch.nn.Sequential(
            Flatten(),
            Linear(32*32*128,256),
            ReLU(),
            Linear(256,128),
            ReLU(),
            Linear(128, 1),
            Sigmoid()
        )
        self.opt = torch.optim.Adam(self.parameters(),lr=0.00001)
       
        self.to(target_device)
    def forward(self, batch_images):
        feature_maps = self.features_net(batch_images)
        
        probs = self.head(feature_maps)
        return probs
    def evaluate(self, loader):
        self.eval()
        n_correct = 0
        loss_total = 0
        with torch.no_grad():
            for batch_pair in iter(loader):
                
                x = batch_pair[0].to(target_device)
                y = batch_pair[1].to(target_device).float()

                probs = self.forward(x)
                probs = probs.view(probs.size(0), 1)
                
                loss = self.criterion(probs, y)
                
                loss_total += loss.item()
                
                n_correct += (probs.round() == y).sum().item()

        print(f"val mean loss {loss_total/len(loader):.4f} val accuracy {n_correct/len(loader.dataset):.4f}")

    def evaluate(self, loader):
        self.eval()
        n_correct = 0
        loss_total = 0
        with torch.no_grad():
            for batch_pair in iter(loader):
                
                x = batch_pair[0].to(target_device)
                y = batch_pair[1].to(target_device).float()

                probs = self.forward(x)
                probs = probs.view(probs.size(0), 1)
                
                loss = self.criterion(probs, y)
                
                loss_total += loss.item()
                
                n_correct += (probs.round() == y).sum().item()

        print(f"val mean loss {loss_total/len(loader):.4f} val accuracy {n_correct/len(loader.dataset):.4f}")
        
    def fit(self, train_loader, val_loader, n_epochs=10):
        self.train(True)
        for epoch_idx in range(0,n_epochs):
            train_loss_sum = 0
            n_correct = 0
            n_correct = 0
            for batch_pair in iter(train_loader):
                
                x = batch_pair[0].to(target_device)
                y = batch_pair[1].to(target_device).float()

                probs = self.forward(x)
                probs = probs.view(probs.size(0), 1)
                
                loss = self.criterion(probs, y)
                
                train_loss_sum += loss.item()
                
                n_correct += (probs.round() == y).sum().item()
                n_correct += (probs.round() == y).sum().item()
                self.opt.zero_grad()

                loss.backward()
                self.opt.step()
            self.train(False)
            val_loss_sum = 0
            val_correct = 0
            with torch.no_grad():
                for batch_pair in iter(val_loader):
                    
                    x = batch_pair[0].to(target_device)
                    y = batch_pair[1].to(target_device).float()

                    probs = self.forward(x)
                    probs = probs.view(probs.size(0), 1)
                    
                    val_batch_loss = self.criterion(probs, y)
                    
                    val_loss_sum += val_batch_loss.item()
                    
                    val_correct += (probs.round() == y).sum().item()
                
            self.train(True)
            print(f"epoch {epoch_idx+1}: train loss {train_loss_sum/len(train_loader):.4f} train acc {n_correct/len(train_loader.dataset):.4f}, val loss {val_loss_sum/len(train_loader):.4f} val acc {val_correct/len(val_loader.dataset):.4f}")
            self.train(False)
            val_loss_sum = 0
            val_correct = 0
            with torch.no_grad():
                for batch_pair in iter(val_loader):
                    
                    x = batch_pair[0].to(target_device)
                    y = batch_pair[1].to(target_device).float()

                    probs = self.forward(x)
                    probs = probs.view(probs.size(0), 1)
                    
                    val_batch_loss = self.criterion(probs, y)
                    
                    val_loss_sum += val_batch_loss.item()
                    
                    val_correct += (probs.round() == y).sum().item()
                
            self.train(True)
            print(f"epoch {epoch_idx+1}: train loss {train_loss_sum/len(train_loader):.4f} train acc {n_correct/len(train_loader.dataset):.4f}, val loss {val_loss_sum/len(train_loader):.4f} val acc {val_correct/len(val_loader.dataset):.4f}")
            torch.cuda.empty_cache()
    
    
        



            