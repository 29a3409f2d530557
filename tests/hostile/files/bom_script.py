import os
print("bom")
