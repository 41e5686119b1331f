module example.com/upi-gateway-merchant

go 1.19
